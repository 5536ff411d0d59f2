// Opening a partner after SSO: a new tab keeps the merchant's Kassa tab. The tab is opened on the
// click itself (a popup opened after an await may be blocked) and pointed at the partner once the
// server answers; where no tab could be opened, the partner opens in this window.

export interface PartnerTab {
  go(url: string): void;
  close(): void;
}

/** Call synchronously inside the click handler. */
export function openPartnerTab(win: Window = window): PartnerTab {
  const tab = win.open('', '_blank');
  if (tab) {
    // The partner must not script the Kassa tab through window.opener.
    tab.opener = null;
    return { go: (url) => tab.location.replace(url), close: () => tab.close() };
  }
  return { go: (url) => win.location.assign(url), close: () => undefined };
}
