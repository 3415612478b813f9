// Sites the media tests serve on loopback, each replaying recorded answers from ../shared/corpora.
import {
  htmlReply,
  jsonReply,
  pointAtFixtureWeb,
  readCorpus,
  readFixture,
  resultsPage,
  type Reply,
  type SiteHandler,
} from './fixture-web.ts';

const SUMMARIES: Record<string, string> = {
  Canis: 'summary_standard_image_Canis_2026.json',
  Canis_lepophagus: 'summary_standard_image_CanisLepophagus_2025.json',
  "Fermat's_Last_Theorem": 'summary_standard_image_FermatsLastTheorem_2018.json',
  Tokyo: 'summary_standard_image_Tokyo_2018.json',
  Douglas_Adams: 'summary_standard_DouglasAdams_2017_oldformat.json',
  Test: 'summary_disambiguation_Test_2022.json',
};

/** Action-API answers by the `titles` asked; anything else gets the recorded empty answer. */
const ACTION_ANSWERS: Record<string, string> = {
  'Douglas Adams': 'action_query_pageimages_DouglasAdams.json',
  'Douglas Adams (disambiguation)': 'action_query_disambiguation_noimage_DouglasAdams.json',
  'Queens Boulevard': 'action_generator_search_pageimages_pageterms.json',
  Queens: 'action_generator_search_pageimages_pageterms.json',
  Abama: 'action_generator_prefixsearch_pageimages_redirects.json',
  Barack_Obama: 'action_titles_pageimages_description.json',
  Canis: 'action_generator_prefixsearch_pageimages_Canis_fv1.json',
};

/** A Wikipedia with the REST summary endpoint (404s in MediaWiki's problem format) and the action API. */
export const wikipediaSite: SiteHandler = (path, query) => {
  const summary = /^\/api\/rest_v1\/page\/summary\/(.+)$/.exec(path);
  if (summary) {
    const file = SUMMARIES[decodeURIComponent(summary[1]!)];
    if (file) return jsonReply(readFixture(`wikipedia/${file}`));
    return jsonReply(
      { type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found', title: 'Not found.' },
      404,
    );
  }
  return actionApi(path, query);
};

/** A mirror that has only the action API (its REST paths are plain 404 pages). */
export const actionOnlySite: SiteHandler = (path, query) => actionApi(path, query);

function actionApi(path: string, query: URLSearchParams) {
  if (path !== '/w/api.php' || query.get('action') !== 'query') return undefined;
  const file = ACTION_ANSWERS[query.get('titles') ?? ''] ?? 'action_generator_search_empty.json';
  return jsonReply(readFixture(`wikipedia/${file}`));
}

/**
 * YouTube's results page by query: the 2020 page (videoRenderer layout) for most queries; a page
 * holding the recorded 2026 lockup answers (written as YouTube's escaped string) for others; the
 * recorded empty page; a failure.
 */
export function youtubeSite(): SiteHandler {
  const layouts: Record<string, () => string> = {
    'Tankurt Manas': () => readFixture('youtube/ytsr_results_page_q-test_2020.html'),
    'Ducati Multistrada V4': () => readFixture('youtube/ytsr_results_page_q-test_2020.html'),
    CC101: () =>
      resultsPage(
        readFixture('youtube/newpipe_youtubei_browse_channel-videos_lockup_2026.json'),
        'escaped-string',
      ),
    'Test Desiderata': () =>
      resultsPage(readFixture('youtube/newpipe_youtubei_search_q-test_playlists_lockup_2026.json')),
  };
  return (path, query) => {
    if (path !== '/results') return undefined;
    const text = query.get('search_query') ?? '';
    if (text === 'Broken') return { status: 503, type: 'text/plain', body: 'unavailable' };
    const page = layouts[text];
    return htmlReply(page ? page() : readFixture('youtube/newpipe_results_page_empty-query_2026.html'));
  };
}

/** A site of recorded pages (their addresses pointed at the fixture web) and pictures made at test time. */
export function pageSite(
  port: number,
  pages: Record<string, string>,
  pictures: Record<string, Reply> = {},
  renames: Record<string, string> = {},
): SiteHandler {
  return (path) => {
    const page = pages[path];
    if (page) return htmlReply(pointAtFixtureWeb(readCorpus(page), port, renames));
    return pictures[path];
  };
}
