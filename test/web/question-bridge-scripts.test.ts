// The question bridge on pages in other scripts, with dictionaries the test writes itself
// (QUARRY_DICTIONARIES points at them): an English question on a made-up Japanese page, whose text has
// no spaces between words, so a translation meets it only as pairs of characters; one whose
// translation is a single Han character; an English question on a Russian page whose words only a
// pivot through German reaches (the English–Russian dictionary does not have them); an English question
// on a Chinese page through a CC-CEDICT file turned round; English questions on Arabic and Swedish pages
// (languages Debian pairs with English only); and JMdict's entries (FreeDict's jpn-*), whose
// translations come after lines of notes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CEDICT_FILE } from '../../src/web/extract/cedict-dictionary.ts';
import { DICTIONARY_FOLDER_VARIABLE, entryTranslations, Lexicon } from '../../src/web/extract/lexicon.ts';
import { readHtml } from '../../src/web/read-html.ts';
import { temporaryFolder, writeDictd } from './dictd-files.ts';

const dictionaries = temporaryFolder('bridge-scripts');
writeDictd(
  dictionaries,
  'eng-jpn',
  [
    {
      headword: 'capital',
      heading: 'capital /ˈkæp.ɪ.təl/ <n>',
      lines: ['1. 首都', 'seat of government', '2. 資本'],
    },
    {
      headword: 'population',
      heading: 'population /pɒpjʊˈleɪʃən/ <n>',
      lines: ['人口', 'all people living there'],
    },
    { headword: 'river', heading: 'river /ˈɹɪvə/ <n>', lines: ['川 2.', 'large stream'] },
  ],
  { chunkLength: 64 },
);
// FreeDict's English–Russian dictionary is small (1,700 headwords): "bridge" is not in it, but the
// English–German and German–Russian ones have it.
writeDictd(dictionaries, 'eng-rus', [{ headword: 'house', heading: 'house /haus/', lines: ['дом'] }]);
writeDictd(dictionaries, 'eng-deu', [
  { headword: 'bridge', heading: 'bridge /brɪdʒ/ <n>', lines: ['Brücke <fem>'] },
]);
writeDictd(dictionaries, 'deu-rus', [
  { headword: 'Brücke', heading: 'Brücke /ˈbʁʏkə/ <n, fem>', lines: ['мост'] },
]);
// FreeDict's English–Arabic dictionary gives a word with its article ("الصواريخ", "the rockets"); the
// page writes it after a conjunction ("وصواريخ", "and rockets").
writeDictd(dictionaries, 'eng-ara', [
  { headword: 'rocket', heading: 'Rocket /ɹˈɒkɪt/', lines: ['الصاروخ'] },
  { headword: 'rockets', heading: 'Rockets /ɹˈɒkɪts/', lines: ['الصواريخ'] },
]);
// Swedish from English by the English–Swedish dictionary, and read the other way round (Debian has
// only that way for some languages: Norwegian, Indonesian, Bulgarian).
writeDictd(dictionaries, 'eng-swe', [
  { headword: 'library', heading: 'library /ˈlaɪbɹəɹi/', lines: ['bibliotek'] },
]);

// CC-CEDICT's lines: traditional, simplified, reading, senses.
writeFileSync(
  join(dictionaries, CEDICT_FILE),
  [
    '# CC-CEDICT (made up for the test)',
    '大橋 大桥 [da4 qiao2] /big bridge/',
    '橋樑 桥梁 [qiao2 liang2] /bridge/CL:座[zuo4]/',
    '開通 开通 [kai1 tong1] /to open (a road, a service etc)/',
    '選舉 选举 [xuan3 ju3] /to elect/election/CL:次[ci4],個|个[ge4]/',
    '',
  ].join('\n'),
);

const chinesePage = `<html lang="zh-CN"><head><title>城市新闻</title></head><body><article>
<p>市政府星期一通过了市中心停车的新规定，下个月起收费略有上涨。</p>
<p>图书馆从十月起星期六上午也开放，每周为孩子们举办故事会。</p>
<p>横跨江面的新桥梁将于十一月开通，届时过江时间将缩短一半。</p>
<p>夏季庙会期间举行了烟花表演，车站前的商业街摆满了小吃摊。</p>
<p>消防队星期二在旧工厂的空地上用两辆消防车进行了演练。</p>
<p>合唱团正在招募新成员，每周四晚上在文化馆排练。</p>
</article></body></html>`;

const japanesePage = `<html lang="ja"><head><title>町のお知らせ</title></head><body><article>
<p>市役所は月曜日に駐車場の新しい規則を決めました。来月から料金が少し上がります。</p>
<p>図書館は十月から土曜日の午前中も開館し、子ども向けの読み聞かせ会を毎週開きます。</p>
<p>東京は日本の首都で、人口はおよそ千四百万人です。多くの会社と大学が集まっています。</p>
<p>夏祭りでは花火大会が行われ、駅前の商店街に屋台がたくさん並びました。</p>
<p>町の北には川が流れ、春になると岸辺の桜並木を見に多くの人が訪れます。</p>
<p>消防署は火曜日に古い工場の跡地で二台の消防車を使った訓練を行いました。</p>
<p>合唱団は新しい団員を募集しており、毎週木曜日の夜に公民館で練習しています。</p>
</article></body></html>`;

const russianPage = `<html lang="ru"><head><title>Новости города</title></head><body><article>
<p>Городская администрация в понедельник утвердила новые правила парковки в центре.</p>
<p>Библиотека с октября будет открыта и в субботу утром для всех читателей.</p>
<p>Ремонт старого моста через реку закончат к осени, движение по мосту откроют в ноябре.</p>
<p>В открытом бассейне почистили чаши, и киоск снова продаёт мороженое и напитки.</p>
<p>Пожарные во вторник провели учения на территории бывшего кирпичного завода.</p>
<p>Хор ищет новые голоса и репетирует каждый четверг вечером в доме культуры.</p>
</article></body></html>`;

const arabicPage = `<html lang="ar"><head><title>أخبار</title></head><body><article>
<p>قالت البلدية يوم الاثنين إنها ستفتح مكتبة جديدة في وسط المدينة خلال الشهر المقبل.</p>
<p>وذكر المرصد أن المقاتلين اغتنموا أسلحة مضادة للدروع وصواريخ وذخائر أخرى متنوعة.</p>
<p>ويقام مهرجان الصيف في الحديقة العامة كل مساء جمعة حتى نهاية أغسطس.</p>
<p>وأعلن فريق الإطفاء عن تدريب في موقع المصنع القديم يوم الثلاثاء.</p>
<p>وتبحث الجوقة عن أعضاء جدد وتتدرب كل خميس في المركز الثقافي.</p>
</article></body></html>`;

const swedishPage = `<html lang="sv"><head><title>Nyheter</title></head><body><article>
<p>Kommunen beslutade i måndags om nya regler för parkering i centrum av staden.</p>
<p>Biblioteket har från oktober öppet även på lördagsmorgnar för alla läsare.</p>
<p>Den nya bron över älven öppnar i november, och resan blir hälften så lång.</p>
<p>Sommarfesten hölls i parken med fyrverkerier och många stånd vid stationen.</p>
<p>Brandkåren övade i tisdags på området kring den gamla fabriken.</p>
</article></body></html>`;

function bestMatch(page: string, question: string): { text: string; note: string | undefined } {
  const result = readHtml(page, { url: 'https://example.com/news', question });
  return { text: result.matches?.[0]?.text ?? '', note: result.note };
}

const original = process.env[DICTIONARY_FOLDER_VARIABLE];
afterEach(() => {
  if (original === undefined) delete process.env[DICTIONARY_FOLDER_VARIABLE];
  else process.env[DICTIONARY_FOLDER_VARIABLE] = original;
});

describe('question bridge: pages in Japanese and Russian', () => {
  it('finds the Japanese passage for an English question: the translations meet the text as pairs of characters', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const best = bestMatch(japanesePage, 'What is the population of the capital?');
    expect(best.text).toContain('首都');
    expect(best.note).toMatch(/read as English .*bilingual dictionaries .*Japanese passages/);
  });

  it('matches a translation of one Han character inside a run of text', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    expect(bestMatch(japanesePage, 'Where is the river?').text).toContain('川が流れ');
  });

  it('finds the Russian passage (an inflected word) through German where the English–Russian dictionary lacks the word', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const lexicon = new Lexicon(dictionaries);
    expect(lexicon.translate('bridge', 'en', 'ru')).toEqual(['мост']);
    expect(lexicon.translate('house', 'en', 'ru')).toEqual(['дом']);
    const best = bestMatch(russianPage, 'When will the bridge open?');
    expect(best.text).toContain('моста');
    expect(best.note).toMatch(/read as English .*Russian passages/);
  });
});

describe('question bridge: languages Debian has with English only', () => {
  it('finds the Arabic passage for an English question, the translation stemmed as the page is', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    expect(new Lexicon(dictionaries).translate('rockets', 'en', 'ar')).toContain('الصواريخ');
    const best = bestMatch(arabicPage, 'Which rockets did the fighters seize?');
    expect(best.text).toContain('وصواريخ');
    expect(best.note).toMatch(/read as English .*Arabic passages/);
  });

  it('finds the Swedish passage for an English question, and a Swedish word in English through the same dictionary', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const lexicon = new Lexicon(dictionaries);
    expect(lexicon.translate('bibliotek', 'sv', 'en')).toEqual(['library']);
    const best = bestMatch(swedishPage, 'Is the library open on Saturdays too?');
    expect(best.text).toContain('Biblioteket har');
    expect(best.note).toMatch(/read as English .*Swedish passages/);
  });
});

describe('question bridge: a page in Chinese, through CC-CEDICT', () => {
  it('turns CC-CEDICT round: an English word’s Chinese words, the ones it is the first sense of first', () => {
    const lexicon = new Lexicon(dictionaries);
    expect(lexicon.bridges('en', 'zh')).toBe(true);
    expect(lexicon.translate('bridge', 'en', 'zh')).toEqual(['桥梁', '橋樑']);
    expect(lexicon.translate('opened', 'en', 'zh')).toEqual(['开通', '開通']);
    expect(lexicon.translate('election', 'en', 'zh')).toEqual(['选举', '選舉']);
    expect(lexicon.translate('选举', 'zh', 'en')).toEqual(['elect', 'election']);
  });

  it('finds the Chinese passage for an English question', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const best = bestMatch(chinesePage, 'When will the bridge be opened?');
    expect(best.text).toContain('新桥梁');
    expect(best.note).toMatch(/read as English .*Chinese passages/);
  });
});

describe('JMdict entries (FreeDict jpn-*)', () => {
  it('takes each sense’s translation after its lines of notes, and a word’s left-out part away', () => {
    const river = [
      ' [ichi1]  [news1]  川 /kˈäwä/,  [news1]  河 /kˈäwä/',
      '1. (かわ)',
      ' (noun (common) (futsuumeishi))',
      'river, stream',
      '2. (suffix)',
      'the .... river, (suffix used with the names of rivers)',
      '',
    ].join('\n');
    expect(entryTranslations(river)).toEqual(['river', 'stream', 'the river']);
    const capital = [
      ' [ichi1]  [news1]  首都 /ɕˈɯᵝto̞/',
      '(noun (common) (futsuumeishi))',
      " (nouns which may take the genitive case particle `no')",
      '(f) Hauptstadt, Hauptstadt…',
      '',
    ].join('\n');
    expect(entryTranslations(capital)).toEqual(['hauptstadt']);
  });
});
