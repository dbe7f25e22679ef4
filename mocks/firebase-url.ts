// Every host the Firebase SDK talks to; anything else is not the fake's business. Its own module,
// so the page's side of the in-page fake (mocks/browser.ts) can match requests without loading
// msw's handlers.
export const FIREBASE_URL =
  /^https:\/\/(identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com|firestore\.googleapis\.com|firebasestorage\.googleapis\.com|[a-z0-9-]+\.cloudfunctions\.net)\//;
