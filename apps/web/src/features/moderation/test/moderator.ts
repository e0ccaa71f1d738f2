/** The moderator signed in, as the login screen leaves them; both pages of the moderation tests start so. */
export function signInModerator() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({
      id: 'mod',
      name: 'Moderator',
      latitude: null,
      longitude: null,
      mediaUrls: [],
    }),
  );
}
