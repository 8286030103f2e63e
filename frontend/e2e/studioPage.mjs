// What the Studio's end-to-end tests do on a page, shared by them.

/** The canvas step with this node id. */
export const stepNode = (page, id) => page.locator(`[data-testid="studio-node"][data-node-id="${id}"]`);

/** Waits until the editor says the graph is saved. */
export async function waitSaved(page) {
  await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor({ timeout: 10000 });
}

/** Waits until the graph stops moving (a fit or a pan animating) and returns its transform. */
export async function canvasAtRest(page) {
  const viewport = page.locator('.react-flow__viewport');
  let last = await viewport.getAttribute('style');
  for (;;) {
    await page.waitForTimeout(150);
    const now = await viewport.getAttribute('style');
    if (now === last) return now;
    last = now;
  }
}

/** Creates an app from the Apps list: New app, a template (or Blank), a name. */
export async function createApp(page, template, name) {
  await page.getByRole('link', { name: 'Studio' }).click();
  await page.getByRole('button', { name: 'New app' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('template-choice').filter({ hasText: template }).click();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create app' }).click();
}
