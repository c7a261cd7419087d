import { registerAndSignIn } from '../fixtures/auth-page';
import { businessWithPosts, newVisitorId, recordView, recordWhatsapp } from '../fixtures/my-posts';
import { shoot } from '../fixtures/screenshots';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

// Desktop (1366 × 900) screenshots of /posts-history with its charts, and /learn.
test('screenshot: /posts-history with the charts, and /learn (desktop)', async ({ page, request }) => {
  const owner = await registerAndSignIn(page, request);
  const { ids } = await businessWithPosts(
    request,
    owner,
    [
      { content: 'Fresh jalebi every morning from 7 am', category: 'Sweets', photo: 'Jalebi' },
      {
        content: 'Kaju katli 1 kg box, Diwali special',
        category: 'Sweets',
        mrpPaise: 120_000,
        ourPricePaise: 96_000,
        photo: 'Kaju',
      },
      { content: 'Open on Sunday too, come early', category: 'Sweets' },
    ],
    page,
  );
  for (let i = 0; i < 3; i++) await recordView(request, ids[1]!, await newVisitorId());
  await recordView(request, ids[0]!, await newVisitorId());
  await recordWhatsapp(request, ids[1]!, await newVisitorId());

  await page.goto('/posts-history');
  // At least the 4 views recorded here: other specs' visitors, running beside this one, may add theirs
  // (exact counts are checked in posts-history.spec.ts, which runs alone).
  await expect(page.getByTestId('business-insights').getByTestId('chart-readout')).toHaveText(
    /^Last 30 days: ([4-9]|\d{2,}) views, 1 WhatsApp enquiry$/,
  );
  await page.getByTestId('my-post').filter({ hasText: 'Kaju katli' }).getByRole('button', { name: 'Show daily chart' }).click();
  await expect(page.getByTestId('post-insights').getByTestId('insights-chart')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'posts-history-desktop.png');

  await page.goto('/learn');
  await expect(page.getByRole('heading', { level: 1, name: 'Get more customers' })).toBeVisible();
  await shoot(page, 'learn-desktop.png');
});
