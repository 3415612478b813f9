// What every agent is told about the job, on top of the MCP server's own instructions (which say how
// to cite): it works alone, with Quarry's tools only, and must end with an answer even when its
// budget runs out, because a run that stops without one has not done its work.

export const RESEARCH_INSTRUCTIONS = [
  'You are doing a research run for a user who is not watching: work on the question on your own and ask nothing back.',
  "Use Quarry's tools (web_search, read_page, find_media) as your only way to the web.",
  'Cite each statement from a page with its number [n] right after it, and end your answer with a `Sources:` list of the pages you cited, one per line: `1. [Title](address)`, using the numbers the tools gave.',
  "When a tool says this run's searches or reads are used, stop searching and write your final answer from what you have.",
].join('\n');
