import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { testPng } from '../helpers/testPng';
import { baseUrl, createMatch, matchEvents } from './matches';
import { Phone } from './phone';
import { Evening } from './script';

/**
 * R-VII.D.3.4: after a challenge, the challenging captain writes the report and attaches a photo of the scoresheet from the phone (file
 * input with the camera; here a generated PNG). The phone makes it smaller, the server stores it, and then every
 * phone of the room sees it: the other captain and the league official see the picture, a spectator sees that a
 * photo went to the league (history line, challenge card), and the printable scoresheet mentions it.
 */
test('R-VII.D.3.4: a captain challenges and attaches a photo; the other captain, the official and a spectator see it', async ({ browser, request }) => {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.arrive();
  await evening.playRound(1, ['AWAY', 'AWAY']);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');

  // HOME challenges round 1 game 1 before round 2 starts (R-VII.D.2.1).
  await home.tab('Sheet');
  await home.page.getByRole('button', { name: 'Challenge a game…' }).click();
  await home.page.getByLabel('Game').selectOption({ label: 'Round 1 game 1' });
  await home.page.getByLabel('Why').fill('Ivy played on after a slam tilt');
  await home.page.getByRole('button', { name: 'Challenge', exact: true }).click();
  const card = home.page.getByTestId('challenge');
  await expect(card).toContainText('Report to the league due');
  await expect(card).toContainText('No photo of the scoresheet yet.');
  // The other team is not the one to send the report: no photo button on its phone.
  await away.tab('Sheet');
  await expect(away.page.getByTestId('challenge')).toContainText('Challenged');
  await expect(away.page.getByTestId('report-photo-input')).toHaveCount(0);

  // A 2000 x 1200 picture: the phone sends it as a JPEG at most 1600 px wide.
  await card.getByTestId('report-photo-input').setInputFiles({ name: 'scoresheet.png', mimeType: 'image/png', buffer: testPng(2000, 1200) });
  await expect(card.getByTestId('report-photos')).toContainText('1 photo for the league’s report, sent in time');
  await expect(card.getByRole('img', { name: 'Report photo 1, attached by HOME' })).toBeVisible();
  const state = await evening.state();
  const photo = state.challenges[0]!.photos![0]!;
  expect(photo).toMatchObject({ contentType: 'image/jpeg', by: 'HOME' });
  expect(photo.bytes).toBeLessThan(400 * 1024);
  const served = await request.get(`${baseUrl()}/api/matches/${links.matchId}/photos/${photo.id}`, { headers: { authorization: `Bearer ${process.env.LN_ADMIN_TOKEN ?? ''}` } });
  expect(served.headers()['content-type']).toBe('image/jpeg');
  const size = await fan.page.evaluate(async (bytes) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }));
    return [bitmap.width, bitmap.height];
  }, [...(await served.body())]);
  expect(size).toEqual([1600, 960]);
  // The written report goes through the socket like any other command; it stands beside the photo.
  await card.getByRole('button', { name: 'Write the report…' }).click();
  await card.getByLabel('Report to the league').fill('Ivy kept playing after the slam tilt; both captains saw it.');
  await card.getByRole('button', { name: 'Send report' }).click();
  await expect(card.getByTestId('report-text')).toContainText('Ivy kept playing after the slam tilt');
  await card.scrollIntoViewIfNeeded();
  await home.capture('96-challenge-photo-attached');
  // Rewritten, the report says when it was first sent: that is what counts against its due time (R-VII.D.3.4, OQ-36).
  await card.getByRole('button', { name: 'Rewrite the report…' }).click();
  await card.getByLabel('Report to the league').fill('Ivy kept playing after the slam tilt on ball 2; both captains saw it.');
  await card.getByRole('button', { name: 'Send report' }).click();
  await expect(card.getByTestId('report-text')).toContainText(/\(HOME, sent \d\d:\d\d, rewritten \d\d:\d\d\): “Ivy kept playing after the slam tilt on ball 2/);
  // The phone shows a sent command at once (applied locally while it waits for its answer), so the server's copy is
  // polled rather than read once.
  await expect.poll(async () => (await evening.state()).challenges[0]!.report).toMatchObject({ firstSentAt: expect.any(Number), text: expect.stringContaining('on ball 2') });

  // The other captain sees the picture (the evidence against its team); the spectator sees that one was sent.
  await expect(away.page.getByRole('img', { name: 'Report photo 1, attached by HOME' })).toBeVisible();
  await fan.tab('Sheet');
  await expect(fan.page.getByTestId('report-photos')).toContainText('1 photo for the league’s report');
  await expect(fan.page.getByTestId('report-photo')).toContainText('Photo 1 · HOME');
  await expect(fan.page.getByRole('img', { name: /^Report photo/ })).toHaveCount(0);
  await expect(fan.page.getByTestId('report-text')).toContainText('both captains saw it');
  await fan.tab('History');
  await expect(fan.page.getByText('Photo attached to the report on the R1 G1 challenge (R-VII.D.3.4)')).toBeVisible();
  await fan.capture('97-spectator-history-report-photo');

  // The league official, on the match with the admin token, sees the picture and may add to the report.
  const official = await Phone.open(browser, `/m/${encodeURIComponent(links.matchId)}?t=${encodeURIComponent(process.env.LN_ADMIN_TOKEN ?? '')}`, 'official');
  await official.tab('Sheet');
  await expect(official.page.getByRole('img', { name: 'Report photo 1, attached by HOME' })).toBeVisible();
  await expect(official.page.getByTestId('report-photo-input')).toHaveCount(1);

  // The printable scoresheet lists the challenge with its photo.
  await fan.page.goto(`${baseUrl()}/m/${encodeURIComponent(links.matchId)}/sheet`);
  await expect(fan.page.getByText(/Challenge by HOME, round 1 game 1.*report: “Ivy kept playing.*1 photo attached for the report \(R-VII\.D\.3\.4\)/)).toBeVisible();

  // Too many uploads from HOME's link in a short time (here files that are not pictures, which count before their
  // body is read): the phone's next photo is refused for now, in words, with the same upload offered again after the wait.
  const homeToken = new URL(links.captainLinks.HOME, baseUrl()).searchParams.get('t') ?? '';
  const photosUrl = `${baseUrl()}/api/matches/${links.matchId}/challenges/${state.challenges[0]!.id}/photos`;
  // On the test's kept-alive connection: the server keeps an idle one open 65 s (server/assemble.ts), far longer than
  // the wait below, so the upload after it is not cut by the server closing it for idleness.
  const upload = (commandId: string) =>
    request.post(photosUrl, { headers: { authorization: `Bearer ${homeToken}`, 'content-type': 'image/png', 'x-command-id': commandId }, data: Buffer.from('not a picture') });
  const answers: number[] = [];
  let retryAfter = 0;
  while (answers.at(-1) !== 429 && answers.length < 10) {
    const res = await upload(`burst-upload-${answers.length}`);
    answers.push(res.status());
    retryAfter = Number(res.headers()['retry-after'] ?? 0);
  }
  expect(answers.at(-1)).toBe(429);
  expect(answers.slice(0, -1).every((status) => status === 415)).toBe(true);
  // The bucket may have been close to its next upload (photo 1 was a while ago): wait for that one and use it too, so
  // the phone's photo meets a full wait (about 15 s) and its "waiting" state stays long enough to be looked at.
  await home.page.waitForTimeout(retryAfter * 1000);
  const refilled = await upload('burst-upload-refilled');
  expect(refilled.status()).toBe(415);
  await card.getByTestId('report-photo-input').setInputFiles({ name: 'scoresheet-2.png', mimeType: 'image/png', buffer: testPng(800, 600) });
  // The photo waits on the phone, with the server's reason in words; it goes by itself when the wait is over.
  const waiting = card.getByTestId('report-photo-waiting');
  await expect(waiting).toContainText(/Not sent yet: this link sent several photos just now.*It goes by itself in (a second|\d+ seconds)\./);
  await expect(waiting).toContainText('Photo 2 · waiting to send');
  const again = card.getByRole('button', { name: 'Try again' });
  await expect(again).toBeVisible();
  // Read and act while the photo still waits (about 15 s): the screenshot and its accessibility checks below can take
  // longer than that on a loaded machine, and the photo then goes by itself before "Try again" could be tried.
  const wait = /in (\d+) seconds/.exec((await waiting.textContent({ timeout: 1000 })) ?? '')?.[1];
  // "Try again" sends the same upload at once: the link is still over its limit, so the server says wait again.
  await again.click();
  await expect(waiting).toContainText(/It goes by itself in (a second|\d+ seconds)\./);
  // the waiting photo and its button in the middle of the screen, clear of the tab bar
  await again.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await home.capture('98-challenge-photo-rate-limited');
  await expect(card.getByTestId('report-photos')).toContainText('2 photos for the league’s report, sent in time', { timeout: (wait ? Number(wait) : 1) * 1000 + 15_000 });
  await expect(waiting).toHaveCount(0);
  expect((await evening.state()).challenges[0]!.photos).toHaveLength(2);

  evening.close();
  for (const p of [home, away, fan, official]) await p.close();
});

/** HOME's challenge of round 1 game 1 through the bots, with HOME's and AWAY's phones open on the Sheet. */
async function challenged(browser: Browser, request: APIRequestContext) {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.arrive();
  await evening.playRound(1, ['AWAY', 'AWAY']);
  await evening.home.send({ type: 'challengeGame', payload: { round: 1, game: 1, reason: 'Ivy played on after a slam tilt' } });
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  await home.tab('Sheet');
  await away.tab('Sheet');
  await expect(home.page.getByTestId('challenge')).toContainText('No photo of the scoresheet yet.');
  // Reloads below come from the service worker, with the match state the phone saved.
  await home.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  await home.page.waitForFunction((id) => (JSON.parse(localStorage.getItem(`ln:state:${id}`) ?? '{}') as { challenges?: unknown[] }).challenges?.length === 1, links.matchId, { timeout: 10_000 });
  return { links, evening, home, away, challengeId: (await evening.state()).challenges[0]!.id };
}

/** The report photos this phone keeps for sending (IndexedDB, client/src/match/play/pendingPhotos.ts): their upload ids. */
function keptOnPhone(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('league-night', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('pending-photos', { keyPath: 'commandId' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('pending-photos').objectStore('pending-photos').getAllKeys();
          req.onsuccess = () => {
            resolve(req.result.map(String));
            open.result.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

const photoEvents = async (request: APIRequestContext, matchId: string) => (await matchEvents(request, matchId)).filter((e) => e.event.type === 'ChallengePhotoAttached');

/**
 * R-VII.D.3.4 and the house rule that nothing a captain entered is silently dropped: a report photo taken in a dead
 * spot waits on the phone (on disk, not in the page's memory), survives a reload without a connection, and goes by
 * itself when the phone is back, with the upload id it was given when taken, so the server stores it once.
 */
test('R-VII.D.3.4: a report photo taken offline survives a reload offline and arrives exactly once when the phone is back', async ({ browser, request }) => {
  const { links, evening, home, away, challengeId } = await challenged(browser, request);
  const card = home.page.getByTestId('challenge');

  await home.goOffline();
  await expect(home.page.getByTestId('connection')).toContainText('Offline');
  await card.getByTestId('report-photo-input').setInputFiles({ name: 'scoresheet.png', mimeType: 'image/png', buffer: testPng(2000, 1200) });
  const waiting = card.getByTestId('report-photo-waiting');
  await expect(waiting).toContainText('Photo 1 · waiting to send');
  await expect(waiting).toContainText('Not sent yet: no connection. It goes by itself when the phone is back online.');
  // "Try again" with no connection: tried at once, still waiting, nothing lost.
  await card.getByRole('button', { name: 'Try again' }).click();
  await expect(waiting).toContainText('Photo 1 · waiting to send');
  const [uploadId] = await keptOnPhone(home.page);
  expect(uploadId).toMatch(/^[A-Za-z0-9-]{8,64}$/);

  // Closed and opened again in the dead spot: the photo is still there, with its picture, waiting.
  await home.page.reload();
  await expect(home.page.getByTestId('connection')).toContainText('Offline');
  await expect(waiting).toContainText('Photo 1 · waiting to send');
  await expect(card.getByRole('img', { name: 'Report photo 1, waiting to send' })).toBeVisible();
  expect(await card.getByRole('img', { name: 'Report photo 1, waiting to send' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  expect(await keptOnPhone(home.page)).toEqual([uploadId]);
  await waiting.scrollIntoViewIfNeeded();
  await home.capture('99-challenge-photo-waiting-offline');
  expect(await photoEvents(request, links.matchId)).toHaveLength(0);

  // Back online: it goes without a tap, and the other captain sees the picture.
  await home.context.setOffline(false);
  await expect(home.page.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
  await expect(card.getByTestId('report-photos')).toContainText('1 photo for the league’s report, sent in time', { timeout: 15_000 });
  await expect(waiting).toHaveCount(0);
  await expect(card.getByRole('img', { name: 'Report photo 1, attached by HOME' })).toBeVisible();
  await expect(away.page.getByRole('img', { name: 'Report photo 1, attached by HOME' })).toBeVisible();
  expect(await keptOnPhone(home.page)).toEqual([]);
  const events = await photoEvents(request, links.matchId);
  expect(events).toHaveLength(1);
  expect((await evening.state()).challenges[0]!.photos).toHaveLength(1);
  // The server knows the upload by the id the phone kept: the same id again is answered with its first answer and
  // stores nothing more (so a retry whose answer was lost cannot attach the photo twice).
  const homeToken = new URL(links.captainLinks.HOME, baseUrl()).searchParams.get('t') ?? '';
  const repeat = await request.post(`${baseUrl()}/api/matches/${links.matchId}/challenges/${challengeId}/photos`, {
    headers: { authorization: `Bearer ${homeToken}`, 'content-type': 'image/png', 'x-command-id': uploadId! },
    data: testPng(640, 480),
  });
  expect(repeat.status()).toBe(200);
  expect(await repeat.json()).toMatchObject({ status: 'accepted', duplicate: true });
  // Reopened online: nothing waits any more, and the photo is there once.
  await home.page.reload();
  await expect(home.page.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
  await expect(card.getByTestId('report-photo')).toHaveCount(1);
  await expect(waiting).toHaveCount(0);
  expect(await photoEvents(request, links.matchId)).toHaveLength(1);

  evening.close();
  for (const p of [home, away]) await p.close();
});

/**
 * A photo waiting on the phone whose challenge was withdrawn meanwhile (here from the captain's other phone): the
 * server refuses it for good, so it leaves the waiting list, and the captain is told why in the server's words.
 */
test('R-VII.D.3.4: a waiting report photo the server refuses (challenge withdrawn meanwhile) leaves the phone, and the captain is told why', async ({ browser, request }) => {
  const { links, evening, home, away, challengeId } = await challenged(browser, request);
  const card = home.page.getByTestId('challenge');

  await home.goOffline();
  await expect(home.page.getByTestId('connection')).toContainText('Offline');
  await card.getByTestId('report-photo-input').setInputFiles({ name: 'scoresheet.png', mimeType: 'image/png', buffer: testPng(1200, 900) });
  await expect(card.getByTestId('report-photo-waiting')).toContainText('Photo 1 · waiting to send');
  expect(await keptOnPhone(home.page)).toHaveLength(1);
  await evening.home.send({ type: 'withdrawChallenge', payload: { challengeId } });

  await home.context.setOffline(false);
  await expect(home.page.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
  const notice = home.page.getByTestId('notice').filter({ hasText: 'Photo for the report on the round 1 game 1 challenge' });
  await expect(notice).toContainText('Not attached: This challenge was withdrawn: there is no report to send.', { timeout: 15_000 });
  await expect(notice).toHaveAttribute('data-rule', 'R-VII.D.3.4');
  await expect(card).toContainText('Withdrawn');
  await expect(home.page.getByTestId('report-photo-waiting')).toHaveCount(0);
  expect(await keptOnPhone(home.page)).toEqual([]);
  await home.capture('100-challenge-photo-refused-withdrawn');
  expect(await photoEvents(request, links.matchId)).toHaveLength(0);
  // Gone for good: a reload sends nothing again.
  await home.page.reload();
  await expect(home.page.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
  expect(await keptOnPhone(home.page)).toEqual([]);
  await expect(away.page.getByTestId('challenge')).toContainText('Withdrawn');

  evening.close();
  for (const p of [home, away]) await p.close();
});
