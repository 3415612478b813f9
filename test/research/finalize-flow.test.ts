// Which pictures a run keeps: each picture find_media gave it (with its item and page), and the
// picture of each cited page that read_page read; each address once, find_media's first.
import { describe, expect, it } from 'vitest';
import { checkCitations, pagesFromEvents } from '../../src/research/citations.ts';
import { picturesToKeep, pictureIndexOfKey, pictureJobId } from '../../src/research/finalize-flow.ts';

const events = [
  {
    type: 'tool',
    data: {
      tool: 'find_media',
      ok: true,
      items: [
        {
          name: 'Ada Lovelace',
          pictures: [
            { url: 'https://upload.example/ada.jpg', page: 'https://en.wikipedia.org/wiki/Ada_Lovelace' },
            { url: 'javascript:alert(1)' },
          ],
        },
        { name: 'Nothing found', pictures: [] },
      ],
    },
  },
  {
    type: 'tool',
    data: {
      tool: 'read_page',
      ok: true,
      page: { n: 1, url: 'https://news.example/story', image: 'https://news.example/lead.jpg' },
    },
  },
  {
    type: 'tool',
    data: {
      tool: 'read_page',
      ok: true,
      page: { n: 2, url: 'https://other.example/uncited', image: 'https://other.example/lead.jpg' },
    },
  },
  {
    type: 'tool',
    data: {
      tool: 'read_page',
      ok: true,
      page: { n: 3, url: 'https://dup.example/', image: 'https://upload.example/ada.jpg' },
    },
  },
];

describe('the pictures a run keeps', () => {
  it("takes find_media's pictures and the cited pages' pictures, each web address once", () => {
    const pages = pagesFromEvents(events);
    const answer =
      'A story [1] and a duplicate [3].\n\nSources:\n1. [Story](https://news.example/story)\n3. [Dup](https://dup.example/)';
    const wanted = picturesToKeep(events, pages, checkCitations(answer, pages));
    expect(wanted).toEqual([
      {
        url: 'https://upload.example/ada.jpg',
        source: 'find_media',
        page: 'https://en.wikipedia.org/wiki/Ada_Lovelace',
        item: 'Ada Lovelace',
      },
      { url: 'https://news.example/lead.jpg', source: 'page', page: 'https://news.example/story' },
    ]);
  });

  it('finds a child job again by its key', () => {
    const id = pictureJobId('run-0123456789abcdef', 7);
    expect(pictureIndexOfKey(`{quarry}:keep-picture:${id}`)).toBe(7);
    expect(pictureIndexOfKey('{quarry}:keep-picture:other')).toBeUndefined();
  });
});
