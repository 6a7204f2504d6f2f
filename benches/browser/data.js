// The lists the browser benchmark decodes: the same kinds of realistic URLs
// as benches/parse.rs (queries, %23 escapes, `;`, fragments, a non-ASCII
// character, a title), made deterministically so that runs compare.

const WORDS = [
  'rust', 'parser', 'percent-encoding', 'tab-groups', 'release-notes', 'url', 'wasm',
  'benchmark', 'extension', 'manifest', 'issue', 'design', 'Percent_encoding', '2026',
];

// SplitMix64 on BigInt would be slow; a 32-bit xorshift is enough here.
function generator(seed) {
  let x = (seed * 2654435761) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** `n` realistic URLs, as they stand in tabs (not yet encoded for a link). */
export function urls(n) {
  const next = generator(n);
  const out = [];
  for (let i = 0; i < n; i++) {
    const w = WORDS[next() % WORDS.length];
    const hex = next().toString(16).padStart(8, '0');
    switch (next() % 12) {
      case 0: out.push(`https://en.wikipedia.org/wiki/${w}`); break;
      case 1: out.push(`https://github.com/servo/rust-url/issues/${100 + (i % 9000)}`); break;
      case 2: out.push(`https://www.google.com/search?q=C%23+${w}&hl=en&start=${10 * (i % 7)}`); break;
      case 3: out.push(`https://www.youtube.com/watch?v=${hex}abc&t=${i % 600}s`); break;
      case 4: out.push(`https://docs.rs/url/2.5.${i % 5}/url/struct.Url.html#method.parse`); break;
      case 5: out.push(`https://news.ycombinator.com/item?id=${40000000 + i}`); break;
      case 6: out.push(`https://de.wikipedia.org/wiki/Stra%C3%9Fe_${i % 300}`); break;
      case 7: out.push(`https://example.org/archive/${w};jsessionid=${hex}`); break;
      case 8: out.push(`https://developer.mozilla.org/en-US/docs/Web/API/URL/${w}#${['examples', 'syntax', 'see_also'][i % 3]}`); break;
      case 9: out.push(`https://stackoverflow.com/questions/${70000000 + i}/how-to-${w}`); break;
      case 10: out.push(`https://www.example.com/shop/caf\u00e9/${w}?size=M&colour=blue`); break;
      default: out.push(`https://blog.example.net/${2000 + (i % 27)}/${w}/`);
    }
  }
  return out;
}
