/**
 * Opens a checkout or the billing portal in a new tab (spec part 1 §4). The tab is opened at the
 * click, before the request: a tab opened after waiting for the server is blocked as a pop-up by
 * some browsers. If the browser refuses a new tab anyway, the current one goes there instead.
 */
export async function openInNewTab(fetchUrl: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.document.title = 'Opening…';
    tab.document.body.style.font = '16px system-ui, sans-serif';
    tab.document.body.style.padding = '2rem';
    tab.document.body.textContent = 'Opening secure checkout…';
  }
  try {
    const url = new URL(await fetchUrl(), window.location.origin).toString();
    if (tab && !tab.closed) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
