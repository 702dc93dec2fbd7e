import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { createMatch, matchEvents } from './matches';
import { Phone } from './phone';
import { Evening } from './script';

/**
 * A new match with four players a side present and nothing declared; HOME's captain, on the Play tab, has picked the
 * answering lineup of round 1 (Alice and Bo, then Cy and Dana) but not tapped yet: AWAY declares first (R-III.B.3).
 */
async function homeAnswerPickedEarly(browser: Browser, request: APIRequestContext) {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.arrive();
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const page = home.page;
  await home.tab('Play');
  await expect(page.getByRole('heading', { name: 'Answer round 1' })).toBeVisible();
  for (const [g, names] of [[1, ['Alice Ballsave', 'Bo Multiball']], [2, ['Cy Spinner', 'Dana Drain']]] as const) {
    for (const n of names) await page.getByRole('group', { name: `Game ${g} players` }).getByRole('button', { name: new RegExp(`^${n}`) }).click();
  }
  return { links, evening, home, page };
}

/**
 * R-III.B.3: AWAY declares first in round 1. The answering team's phone says so before the tap (its copy of the
 * engine), and when the captain sends anyway the server refuses with the same rule: the refusal comes back to the
 * captain with its rule ID and reason, never dropped silently.
 */
test('R-III.B.3: the answering team declaring first is refused, and the refusal shows its rule ID', async ({ browser, request }) => {
  const { links, evening, home, page } = await homeAnswerPickedEarly(browser, request);
  // Before the tap: the verdict line names the rule.
  await expect(page.getByTestId('verdict')).toContainText('R-III.B.3');
  await home.capture('declare-answer-before-first-declarer');

  await page.getByRole('button', { name: 'Declare answer for round 1' }).click();
  const checked = page.getByTestId('notice').filter({ hasText: 'Not allowed' });
  await expect(checked).toContainText('R-III.B.3');
  await expect(checked).toContainText('AWAY declares first in round 1');

  // Sent anyway: the server refuses with the same rule, and says so.
  await checked.getByRole('button', { name: 'Send anyway' }).click();
  const refused = page.getByTestId('notice').filter({ hasText: 'Refused by the scoresheet' });
  await expect(refused).toContainText('R-III.B.3');
  await expect(refused).toHaveAttribute('data-rule', 'R-III.B.3');
  await expect(page.getByTestId('waiting')).toHaveCount(0);
  await home.capture('refusal-with-rule-id');
  expect((await matchEvents(request, links.matchId)).filter((e) => e.event.type === 'LineupDeclared')).toHaveLength(0);

  evening.close();
  await home.close();
});

/**
 * A refusal by the phone's own copy of the rules may only mean the phone was behind. Once the first declarer's
 * lineup arrives, the same tap is allowed (R-III.B.3): the notice says so instead of a refusal that no longer holds,
 * and sends the lineup exactly as the captain entered it, only when the captain taps Send.
 */
test('R-III.B.3: a tap refused on the phone turns "Allowed now" once the first declarer declares, and Send declares it', async ({ browser, request }) => {
  const { links, evening, home, page } = await homeAnswerPickedEarly(browser, request);
  await page.getByRole('button', { name: 'Declare answer for round 1' }).click();
  const notice = page.getByTestId('notice');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Not allowed: R-III.B.3');
  await expect(notice.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);

  // AWAY declares round 1 from its own phone; HOME's phone catches up and checks the tap again.
  await evening.declare(1, 'fd');
  await expect(notice).toContainText('Allowed now');
  await expect(notice).not.toContainText('R-III.B.3');
  await expect(notice.getByRole('button', { name: 'Send anyway' })).toHaveCount(0);
  await home.capture('checked-tap-allowed-now');
  // Nothing went out on its own: the captain sends it.
  expect((await matchEvents(request, links.matchId)).filter((e) => e.event.type === 'LineupDeclared')).toHaveLength(1);

  await notice.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(async () => (await matchEvents(request, links.matchId)).filter((e) => e.event.type === 'LineupDeclared').length).toBe(2);
  const declared = (await matchEvents(request, links.matchId)).map((e) => e.event).find((e) => e.type === 'LineupDeclared' && e.side === 'HOME');
  expect((declared?.games as { players: string[] }[] | undefined)?.map((g) => g.players)).toEqual([['hawks-1', 'hawks-2'], ['hawks-3', 'hawks-4']]);

  evening.close();
  await home.close();
});
