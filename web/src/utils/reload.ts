/** Reloads the page, dropping every in-memory state; the guard then starts from the stored session. */
export const reloadPage = () => window.location.reload();
