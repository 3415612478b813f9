// The words that head a box or a section of other articles: "Related articles", "Read more", "Most
// read", "See also", "Further reading", in the languages read most. Whole lists per language, not the
// words one page happens to use. What follows such a heading is a list of links or headlines, unless
// it is not (main-text.ts checks what the section holds before leaving it out).

/**
 * Headings that are the whole phrase (after punctuation and arrows around it are taken away), or the
 * phrase and a topic after a separator ("Related: Brexit").
 */
const CLOSED_PHRASES: readonly string[] = [
  // English
  'read more', 'read also', 'also read', 'read next', 'read this next', 'what to read next', 'up next',
  'keep reading', 'more reading', 'further reading', 'recommended reading', 'suggested reading',
  'related', 'related articles', 'related article', 'related stories', 'related story', 'related posts',
  'related post', 'related content', 'related news', 'related coverage', 'related links', 'related reading',
  'related topics', 'related videos', 'related pages', 'see also', 'you may also like', 'you might also like',
  'you may also be interested in', 'you might also be interested in', 'you might be interested in',
  'you may be interested in', 'you may have missed', 'recommended', 'recommended for you',
  'recommended articles', 'recommended stories', 'recommended posts', 'more like this', 'more stories',
  'more news', 'more articles', 'more posts', 'more on this', 'more on this topic', 'more on this story',
  'more about this', 'other articles', 'other stories', 'other news', 'in other news', 'similar articles',
  'similar posts', 'similar stories', 'most read', 'most popular', 'most viewed', 'most shared',
  'most commented', 'most emailed', 'most read articles', 'most read stories', 'most popular articles',
  'most popular stories', 'popular', 'popular posts', 'popular articles', 'popular stories', 'popular now',
  'trending', 'trending now', 'trending stories', 'trending articles', "don't miss", 'do not miss',
  "editor's picks", 'editors picks', 'top stories', 'around the web', 'from the web', 'promoted stories',
  'sponsored stories', 'related reads', 'also on', 'elsewhere',
  // German
  'lesen sie auch', 'lesen sie mehr', 'lesen sie weiter', 'auch lesen', 'weiterlesen', 'zum weiterlesen',
  'mehr lesen', 'auch interessant', 'ebenfalls interessant', 'das könnte sie auch interessieren',
  'das könnte sie interessieren', 'das könnte dich auch interessieren', 'das könnte dich interessieren',
  'dies könnte sie auch interessieren', 'sie könnten auch interessiert sein', 'auch lesenswert', 'lesenswert',
  'mehr dazu', 'mehr zum thema', 'zum thema', 'passend zum thema', 'passend dazu', 'weitere artikel',
  'weitere beiträge', 'weitere themen', 'weitere nachrichten', 'weitere meldungen', 'weitere links',
  'weitere informationen', 'weiterführende links', 'weiterführende artikel', 'weiterführende informationen',
  'ähnliche artikel', 'ähnliche beiträge', 'ähnliche themen', 'ähnliche nachrichten', 'verwandte artikel',
  'verwandte beiträge', 'verwandte themen', 'siehe auch', 'empfehlungen', 'unsere empfehlungen',
  'empfohlene artikel', 'meistgelesen', 'meistgelesene artikel', 'meistgelesene beiträge', 'am meisten gelesen',
  'meist gelesen', 'meistgeklickt', 'meistkommentiert', 'meistgesehen', 'beliebt', 'beliebte artikel',
  'beliebte beiträge', 'beliebteste artikel', 'beliebteste beiträge', 'top-artikel', 'top artikel',
  'nicht verpassen', 'andere leser interessierten sich auch für', 'das interessiert andere leser',
  'artikel zum thema', 'beiträge zum thema', 'news zum thema', 'nachrichten zum thema', 'auch spannend',
  // French
  'lire aussi', 'à lire aussi', 'lire également', 'à lire également', 'à lire', 'à lire ensuite', 'voir aussi',
  'à voir aussi', 'à voir également', 'à découvrir', 'à découvrir aussi', 'sur le même sujet',
  'sur le même thème', 'dans la même rubrique', 'articles liés', 'articles connexes', 'articles similaires',
  'articles associés', 'articles recommandés', 'contenus liés', 'contenus associés', 'les plus lus',
  'les plus lues', 'articles les plus lus', 'les plus populaires', 'les plus partagés', 'les plus commentés',
  'les plus consultés', 'les plus vus', 'vous aimerez aussi', 'vous aimerez peut-être aussi',
  'vous aimerez peut-être', 'vous pourriez aussi aimer', 'vous pourriez aimer', 'ces articles peuvent vous intéresser',
  'cela peut vous intéresser', 'ça peut vous intéresser', 'nos recommandations', 'recommandé pour vous',
  "plus d'articles", 'autres articles', 'pour aller plus loin', 'en savoir plus',
  'ne manquez pas', 'à ne pas manquer', 'populaires', 'tendances',
  // Spanish
  'leer más', 'lee también', 'lea también', 'leer también', 'lea además', 'lee además', 'mirá también',
  'mira también', 'ver también', 'véase también', 'vea también', 'te puede interesar', 'le puede interesar',
  'también te puede interesar', 'también le puede interesar', 'puede interesarte', 'puede interesarle',
  'te podría interesar', 'le podría interesar', 'quizás te interese', 'quizá te interese',
  'también te puede gustar', 'te puede gustar', 'noticias relacionadas', 'artículos relacionados',
  'notas relacionadas', 'contenido relacionado', 'contenidos relacionados', 'temas relacionados',
  'relacionado', 'relacionados', 'relacionadas', 'lo más leído', 'las más leídas', 'los más leídos',
  'más leídas', 'más leídos', 'lo más visto', 'más vistos', 'más vistas', 'más populares', 'lo más popular',
  'más compartidos', 'más comentados', 'te recomendamos', 'le recomendamos', 'recomendados',
  'recomendado', 'recomendados para ti', 'más noticias', 'otras noticias', 'más artículos', 'no te pierdas',
  'para seguir leyendo', 'lecturas recomendadas', 'tendencias',
  // Italian
  'leggi anche', 'leggi pure', 'leggi di più', 'potrebbe interessarti', 'potrebbero interessarti',
  'ti potrebbe interessare', 'ti potrebbero interessare', 'potrebbe interessarti anche',
  'potrebbe piacerti anche', 'ti potrebbe piacere', 'ti potrebbe piacere anche', 'articoli correlati',
  'notizie correlate', 'post correlati', 'contenuti correlati', 'articoli simili', 'correlati', 'vedi anche',
  'guarda anche', 'i più letti', 'più letti', 'le più lette', 'più lette', 'i più popolari', 'più popolari',
  'i più visti', 'più visti', 'i più condivisi', 'altri articoli', 'altre notizie', 'approfondimenti',
  'per approfondire', 'consigliati', 'ti consigliamo', 'articoli consigliati', 'da non perdere',
  // Portuguese
  'leia também', 'leia mais', 'leia a seguir', 'veja também', 'veja mais', 'saiba mais', 'ver também',
  'artigos relacionados', 'notícias relacionadas', 'posts relacionados', 'conteúdo relacionado',
  'matérias relacionadas', 'relacionadas', 'mais lidas', 'mais lidos', 'os mais lidos', 'as mais lidas',
  'mais vistos', 'mais vistas', 'mais populares', 'mais partilhados', 'mais compartilhados',
  'você também pode gostar', 'você pode gostar', 'também pode gostar', 'pode também gostar',
  'pode interessar-lhe', 'pode interessar', 'também pode interessar', 'recomendados para você',
  'recomendamos', 'mais notícias', 'outras notícias', 'mais artigos', 'não perca', 'tendências',
  // Dutch
  'lees ook', 'lees meer', 'lees ook dit', 'zie ook', 'bekijk ook', 'gerelateerd', 'gerelateerde artikelen',
  'gerelateerde berichten', 'gerelateerd nieuws', 'gerelateerde verhalen', 'vergelijkbare artikelen',
  'meest gelezen', 'meest bekeken', 'meest gedeeld', 'populair', 'populaire artikelen', 'populaire berichten',
  'aanbevolen', 'aanbevolen artikelen', 'aanraders', 'meer nieuws', 'meer artikelen', 'ander nieuws',
  'andere artikelen', 'ook interessant', 'misschien ook interessant', 'dit vind je misschien ook leuk',
  'dit vindt u misschien ook interessant', 'verder lezen', 'mis het niet', 'trending',
  // Polish
  'czytaj też', 'czytaj także', 'czytaj również', 'czytaj więcej', 'przeczytaj też', 'przeczytaj także',
  'przeczytaj również', 'zobacz też', 'zobacz także', 'zobacz również', 'polecamy', 'polecane',
  'polecane artykuły', 'polecamy również', 'powiązane', 'powiązane artykuły', 'podobne artykuły',
  'podobne wpisy', 'najczęściej czytane', 'najchętniej czytane', 'najpopularniejsze',
  'najpopularniejsze artykuły', 'najczęściej komentowane', 'więcej na ten temat', 'więcej na temat',
  'może cię zainteresować', 'mogą cię zainteresować', 'może cię również zainteresować',
  'może ci się spodobać', 'warto przeczytać', 'inne artykuły', 'więcej artykułów', 'więcej wiadomości',
  'nie przegap',
  // Swedish, Danish, Norwegian
  'läs också', 'läs även', 'läs mer', 'se även', 'relaterade artiklar', 'relaterat', 'mest lästa',
  'mest läst', 'populärt', 'læs også', 'læs mere', 'se også', 'relaterede artikler', 'mest læste',
  'les også', 'les mer', 'relaterte artikler', 'mest lest', 'mest leste',
  // Russian
  'читайте также', 'читать также', 'также читайте', 'смотрите также', 'см. также', 'похожие статьи',
  'похожие материалы', 'похожие новости', 'похожие записи', 'связанные статьи', 'по теме', 'ещё по теме',
  'еще по теме', 'материалы по теме', 'новости по теме', 'статьи по теме', 'другие новости',
  'другие статьи', 'самое читаемое', 'самые читаемые', 'самое популярное', 'популярное',
  'популярные статьи', 'популярные новости', 'рекомендуем', 'рекомендуем прочитать', 'рекомендуем почитать',
  'вам может быть интересно', 'вам также может понравиться', 'вам может понравиться', 'может быть интересно',
  'больше новостей', 'ещё новости', 'еще новости', 'не пропустите',
]; // prettier-ignore

/**
 * Phrases that take a topic after them: "More on Brexit", "Mehr zu Corona", "Plus sur l'Europe" (not "Plus de",
 * "Más de": a headline's "more than 300").
 */
const OPEN_PHRASES: readonly string[] = [
  'more on', 'more about', 'more from', 'more in', 'more stories from', 'more news from', 'more articles from',
  'also on', 'more coverage of', 'mehr zu', 'mehr zum thema', 'mehr über', 'mehr aus', 'mehr von',
  'mehr news zu', 'weitere artikel zu', 'weitere artikel zum thema', 'alles zu', 'alles zum thema',
  'plus sur', "plus d'infos sur", 'tout sur', 'autres articles sur',
  'más sobre', 'más noticias de', 'más noticias sobre', 'todo sobre', 'altro su', 'altro da',
  'altre notizie su', 'tutto su', 'mais sobre', 'tudo sobre', 'meer over', 'meer van', 'alles over',
  'więcej o', 'więcej z', 'więcej na temat', 'mer om', 'mere om', 'ещё о', 'еще о', 'больше о', 'все о',
]; // prettier-ignore

/**
 * Chinese and Japanese phrases: written without spaces, so a heading that opens with one is matched
 * ("相关阅读推荐", "関連記事一覧").
 */
const CJK_PHRASES: readonly string[] = [
  // Chinese, simplified and traditional
  '相关文章', '相關文章', '相关阅读', '相關閱讀', '相关新闻', '相關新聞', '相关推荐', '相關推薦', '相关内容',
  '相關內容', '相关链接', '相關連結', '推荐阅读', '推薦閱讀', '延伸阅读', '延伸閱讀', '扩展阅读', '擴展閱讀',
  '热门文章', '熱門文章', '热门推荐', '熱門推薦', '热门新闻', '熱門新聞', '热门阅读', '熱門閱讀', '最受欢迎',
  '最受歡迎', '阅读更多', '閱讀更多', '更多阅读', '更多閱讀', '猜你喜欢', '猜你喜歡', '你可能也喜欢',
  '你可能也喜歡', '你可能感兴趣', '你可能感興趣', '更多新闻', '更多新聞', '阅读排行', '閱讀排行', '点击排行',
  '點擊排行', '热门排行', '熱門排行', '精彩推荐', '精彩推薦', '参见', '參見', '另见', '另見', '推荐文章',
  '推薦文章', '相关报道', '相關報導', '相关话题', '相關話題',
  // Japanese
  '関連記事', '関連ニュース', '関連リンク', '関連情報', '関連する記事', '関連コンテンツ', 'あわせて読みたい',
  '合わせて読みたい', 'こちらもおすすめ', 'こちらもオススメ', 'おすすめ記事', 'オススメ記事', 'おすすめの記事',
  '人気記事', '人気の記事', 'よく読まれている記事', 'よく読まれている', 'アクセスランキング', '記事ランキング',
  'もっと読む', 'こちらも読まれています', 'この記事を読んだ人はこんな記事も読んでいます', '参考記事',
  '次に読みたい', '注目記事', '新着記事',
]; // prettier-ignore

const CLOSED = new Set(CLOSED_PHRASES);
const OPEN = new Set(OPEN_PHRASES);
/** Separators between a label and its topic: "Related: Brexit", "Lesen Sie auch – …", "Read more | …". */
const TOPIC_SEPARATOR = /^(.+?)\s*(?::|\s[-–—|»›>]\s?)\s*\S/u;
/** An open phrase's topic is a few words, not a sentence. */
const TOPIC_WORDS = 6;

/** The heading's words alone: lower case, one kind of apostrophe, without arrows and punctuation around them. */
function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N})]+$/gu, '')
    .trim();
}

/**
 * Whether a heading or a short line announces other articles: the whole phrase, the phrase before a
 * separator and a topic, or a phrase that takes its topic after it ("More on Brexit").
 */
export function isFurtherReadingHeading(text: string): boolean {
  const words = normalised(text);
  if (!words) return false;
  if (CLOSED.has(words)) return true;
  const separated = TOPIC_SEPARATOR.exec(words);
  if (separated && CLOSED.has(normalised(separated[1]!))) return true;
  // Each beginning that ends at a space, looked up (rather than every phrase tried against the line).
  for (let space = words.indexOf(' '); space > 0; space = words.indexOf(' ', space + 1)) {
    if (OPEN.has(words.slice(0, space)) && words.slice(space + 1).split(' ').length <= TOPIC_WORDS)
      return true;
  }
  for (const phrase of CJK_PHRASES) if (words.startsWith(phrase)) return true;
  return false;
}

/**
 * Whether a short line opens with such a phrase, whatever follows it ("Lesen Sie auch die folgenden
 * Beiträge:"): a label over a list.
 */
export function opensWithFurtherReading(text: string): boolean {
  const words = normalised(text);
  if (isFurtherReadingHeading(words)) return true;
  // A phrase of two words or more, then anything: beginnings that end at the second space or later.
  for (
    let space = words.indexOf(' ', words.indexOf(' ') + 1);
    space > 0;
    space = words.indexOf(' ', space + 1)
  ) {
    if (CLOSED.has(words.slice(0, space))) return true;
  }
  return false;
}

/**
 * Headings and labels over a list of the article's tags, in the same languages: "Tags", "Schlagworte",
 * "Mots-clés", "Etiquetas", "Słowa kluczowe", "Теги", "タグ", "标签". Matched as the whole heading.
 */
const TAG_PHRASES = new Set([
  'tags', 'tagged', 'tagged with', 'tagged in', 'topics', 'keywords', 'filed under', 'schlagworte',
  'schlagwörter', 'stichworte', 'stichwörter', 'schlüsselwörter', 'mots-clés', 'mots clés', 'étiquettes',
  'tags associés', 'etiquetas', 'palabras clave', 'palabras claves', 'temas', 'tag', 'parole chiave',
  'argomenti', 'etichette', 'palavras-chave', 'palavras chave', 'trefwoorden', 'tagi',
  'słowa kluczowe', 'tematy', 'etiketter', 'nyckelord', 'stikord', 'emneord', 'теги', 'метки',
  'ключевые слова', 'タグ', 'キーワード', '标签', '標籤', '关键词', '關鍵詞', '关键字', '關鍵字',
]); // prettier-ignore

/** Whether a heading or a short line heads the article's tags. */
export function isTagsHeading(text: string): boolean {
  return TAG_PHRASES.has(normalised(text));
}
