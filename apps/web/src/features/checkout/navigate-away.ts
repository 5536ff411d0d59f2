// Leaving the app for a merchant's page (spec 2.5: message_type 2 redirects to the merchant's URL).
// Its own module so tests can observe the redirect (jsdom cannot navigate).
export function leavePage(url: string) {
  window.location.assign(url);
}
