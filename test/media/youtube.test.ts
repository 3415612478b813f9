// Reading YouTube's result lists from recorded answers: the 2020 results page (videoRenderer items),
// 2026 youtubei answers (videoRenderer; lockupViewModel videos and playlists), and the empty page.
import { describe, expect, it } from 'vitest';
import { extractInitialData, listVideos, youtubeVideoId } from '../../src/media/youtube.ts';
import { readFixture, resultsPage } from './fixture-web.ts';

describe('YouTube result lists', () => {
  it('reads videoRenderer items from the ytInitialData of a recorded results page', () => {
    const data = extractInitialData(readFixture('youtube/ytsr_results_page_q-test_2020.html'));
    expect(data).toEqual(JSON.parse(readFixture('youtube/ytsr_results_page_q-test_2020.ytInitialData.json')));
    const videos = listVideos(data);
    // 30 videoRenderer items, one video listed twice (once in a shelf): 29 videos.
    expect(videos).toHaveLength(29);
    expect(new Set(videos.map((video) => video.id)).size).toBe(29);
    expect(videos[2]).toEqual({ id: 'ZhtsGtFRHbA', title: 'Tankurt Manas - Test | Official Video' });
  });

  it('reads video lockupViewModel items and skips playlist lockups', () => {
    const lockups = listVideos(
      JSON.parse(readFixture('youtube/newpipe_youtubei_browse_channel-videos_lockup_2026.json')),
    );
    expect(lockups).toHaveLength(30);
    expect(lockups.find((video) => video.id === 'AzFgLYHc-oc')?.title).toBe('CC101: A Brief History');
    const playlists = JSON.parse(
      readFixture('youtube/newpipe_youtubei_search_q-test_playlists_lockup_2026.json'),
    );
    expect(listVideos(playlists)).toEqual([]);
  });

  it('keeps search order and skips shorts in the mixed 2026 answer', () => {
    const videos = listVideos(
      JSON.parse(readFixture('youtube/newpipe_youtubei_search_q-test_all_2026.json')),
    );
    expect(videos[0]).toEqual({
      id: '6GDBMbMU0ew',
      title: 'FIRST FOOTAGE of the 2026 F1 Cars at Barcelona Shakedown Test!',
    });
    expect(videos.every((video) => /^[A-Za-z0-9_-]{11}$/.test(video.id))).toBe(true);
  });

  it('finds no video on the recorded empty-query results page', () => {
    const data = extractInitialData(readFixture('youtube/newpipe_results_page_empty-query_2026.html'));
    expect(data).toBeTypeOf('object');
    expect(listVideos(data)).toEqual([]);
  });

  it('decodes ytInitialData written as an escaped string', () => {
    const recorded = readFixture('youtube/newpipe_youtubei_search_q-test_videos_2026.json');
    const data = extractInitialData(resultsPage(recorded, 'escaped-string'));
    expect(data).toEqual(JSON.parse(recorded));
    expect(listVideos(data)[0]?.id).toBe('Z8KYabgkMbw');
  });

  it('reads video ids from every YouTube address form and nothing else', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=ZhtsGtFRHbA&t=3')).toBe('ZhtsGtFRHbA');
    expect(youtubeVideoId('https://youtu.be/ZhtsGtFRHbA')).toBe('ZhtsGtFRHbA');
    expect(youtubeVideoId('https://m.youtube.com/shorts/ZhtsGtFRHbA')).toBe('ZhtsGtFRHbA');
    expect(youtubeVideoId('https://www.youtube.com/playlist?list=PLAD454F0807B6CB80')).toBeUndefined();
    expect(youtubeVideoId('https://www.youtube.com/@channel')).toBeUndefined();
    expect(youtubeVideoId('https://example.com/watch?v=ZhtsGtFRHbA')).toBeUndefined();
  });
});
