import { describe, expect, it } from 'vitest';
import { plainText } from '../../src/providers/text.ts';

describe('plainText', () => {
  it.each([
    ['tags removed', 'The <b>quick</b> <span class="searchmatch">fox</span>', 'The quick fox'],
    ['named entities', 'Tom &amp; Jerry &quot;cartoon&quot; &hellip;', 'Tom & Jerry "cartoon" …'],
    ['numeric entities', 'it&#39;s &#x27;here&#x27; &#8212; now', "it's 'here' — now"],
    ['entities that look like tags stay text', '&lt;b&gt; is bold', '<b> is bold'],
    [
      'non-breaking spaces and runs of white space',
      'blue&nbsp;...\n\n  more\t text\u00a0',
      'blue ... more text',
    ],
    ['zero-width marks removed', 'zero\u200bwidth\ufeff', 'zerowidth'],
    ['block tags keep words apart', '<p>one</p><p>two</p>line<br>break', 'one two line break'],
    [
      'scripts, styles and comments dropped',
      'a<script>alert(1)</script><style>p{}</style><!-- note -->b',
      'ab',
    ],
    ['a lone less-than sign is text', 'a < b and 3<4', 'a < b and 3<4'],
    ['self-closing tags', 'x<br/>y<img src="a.png" />z', 'x yz'],
    ['plain text unchanged', 'already plain', 'already plain'],
    ['empty', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['a number', 42, ''],
  ])('%s', (_name, input, expected) => {
    expect(plainText(input)).toBe(expected);
  });
});
