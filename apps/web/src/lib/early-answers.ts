import { likelyLanguage } from '@/i18n/language-detector.ts';

/**
 * Answers asked for before the app's scripts have run (`src/early-start.ts`, ADR 054): the API
 * client hands one to the first read of the same address with the same token instead of asking
 * again. A write drops them all, as what it changed may not be in an answer started before it.
 */
type EarlyAnswer = { path: string; token: string; response: Promise<Response> };

let answers: EarlyAnswer[] = [];

export function startEarlyAnswer(path: string, token: string): Promise<Response> {
  const response = fetch(path, {
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      // In the language the app will show, as the API client's own requests: the server names
      // the members' countries in it (a browser in English on /fr reads "Sénégal").
      'accept-language': likelyLanguage(),
    },
  });
  // Nobody may take it (the member went elsewhere first); a failure is the taker's to report.
  response.catch(() => undefined);
  answers.push({ path, token, response });
  return response;
}

export function takeEarlyAnswer(path: string, token: string): Promise<Response> | undefined {
  const index = answers.findIndex((answer) => answer.path === path && answer.token === token);
  return index < 0 ? undefined : answers.splice(index, 1)[0]?.response;
}

export function dropEarlyAnswers() {
  answers = [];
}
