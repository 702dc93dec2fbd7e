import { expect, test } from '@playwright/test';
import { testPng } from '../helpers/testPng';
import { baseUrl, createMatch } from './matches';
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
  expect((await evening.state()).challenges[0]!.report).toMatchObject({ firstSentAt: expect.any(Number), text: expect.stringContaining('on ball 2') });

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
  const answers: number[] = [];
  while (answers.at(-1) !== 429 && answers.length < 10) {
    const res = await request.post(photosUrl, { headers: { authorization: `Bearer ${homeToken}`, 'content-type': 'image/png', 'x-command-id': `burst-upload-${answers.length}` }, data: Buffer.from('not a picture') });
    answers.push(res.status());
  }
  expect(answers.at(-1)).toBe(429);
  expect(answers.slice(0, -1).every((status) => status === 415)).toBe(true);
  await card.getByTestId('report-photo-input').setInputFiles({ name: 'scoresheet-2.png', mimeType: 'image/png', buffer: testPng(800, 600) });
  const refusal = card.getByRole('alert');
  await expect(refusal).toContainText(/Not sent yet: this link sent several photos just now.*Wait (a second|\d+ seconds), then try again\./);
  const again = card.getByRole('button', { name: 'Try again' });
  await expect(again).toBeVisible();
  // the refusal and its button in the middle of the screen, clear of the tab bar
  await again.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await home.capture('98-challenge-photo-rate-limited');
  const wait = /Wait (\d+) seconds/.exec((await refusal.textContent()) ?? '')?.[1];
  await home.page.waitForTimeout((wait ? Number(wait) : 1) * 1000 + 500);
  await again.click();
  await expect(card.getByTestId('report-photos')).toContainText('2 photos for the league’s report, sent in time');
  await expect(refusal).toHaveCount(0);

  evening.close();
  for (const p of [home, away, fan, official]) await p.close();
});
