import type { newsItIT } from './news-it-IT';

/** Texts of the news, banners and the poll, in English. */
export const newsEnUS: Record<keyof typeof newsItIT, string> = {
  'news.title': 'News',
  'news.empty': 'No news yet.',
  'news.more': 'More news',
  'news.original': 'Read the original',
  'news.related': 'Symbols mentioned',
  'news.aboutSymbol': 'News about {0}',
  'news.banners': 'Featured',
  'news.bannerN': 'Banner {0} of {1}',
  'vote.title': 'Poll',
  'vote.none': 'No poll is running.',
  'vote.state.upcoming': 'Opens on {0}',
  'vote.state.open': 'Open until {1}',
  'vote.state.closed': 'Closed on {1}',
  'vote.notYet': 'You can vote once the poll opens.',
  'vote.submit': 'Vote',
  'vote.signIn': 'Sign in to vote',
  'vote.yours': 'your vote',
  'vote.share': '{0}% · votes: {1}',
  'vote.total': 'Total votes: {0}',
};
