// What the Studio's end-to-end tests do on a page, shared by them.

/** The canvas step with this node id. */
export const stepNode = (page, id) => page.locator(`[data-testid="studio-node"][data-node-id="${id}"]`);

/** Waits until the editor says the graph is saved. */
export async function waitSaved(page) {
  await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor({ timeout: 10000 });
}
