//! `cargo bench`: reading and writing links of 10, 1 000 and 100 000 items.
//!
//! Every case reports its throughput in bytes (criterion's `thrpt` line, in
//! MiB/s or GiB/s), counted on the text the case reads or writes:
//!
//! - `parse/*` and `parse_strict/*`: the link read;
//! - `to_link/*`: the link written;
//! - `to_text/*`: the text/uri-list written;
//! - `decode_json/*`: the JSON written (what `decode --json` prints, with
//!   serde_json).
//!
//! The items are realistic URLs, made deterministically (no randomness, so
//! runs compare): about a third carry a query, some a `%23` escape, a `;`, a
//! fragment or a non-ASCII character, and the list has a title. A list of
//! 100 000 such items is a link of about 5.5 MB, over the parser's default
//! limit (`MAX_LENGTH`, 2 MiB): that case raises the limit with
//! `Parser::max_length`, so it measures the parser, not the length check.
//!
//! `cargo bench --bench parse -- --ratio` runs no criterion case: it times
//! the lenient parse against a `memchr` scan of the same link for `;` (the
//! separator; the work a parse cannot do without), interleaved in one
//! process, and prints one JSON line per size: the parse's speed as a
//! fraction of the scan's (median, min and max over the repeats) and both
//! speeds in MB/s. `./build.sh bench` reads it.
//!
//! Results and how they were measured: `benches/README.md`.

use criterion::measurement::WallTime;
use criterion::{black_box, criterion_group, BenchmarkGroup, BenchmarkId, Criterion, Throughput};
use std::time::{Duration, Instant};
use uri_list::{to_text, Parsed, Parser, UriList};

/// What `decode --json` prints.
fn decode_json(parsed: &Parsed) -> String {
    serde_json::to_string(parsed).unwrap()
}

/// The list sizes measured.
const SIZES: [usize; 3] = [10, 1_000, 100_000];

/// A small deterministic generator (SplitMix64), so that the lists are the
/// same on every run without a dependency.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len() as u64) as usize]
    }
}

const WORDS: &[&str] = &[
    "rust",
    "parser",
    "percent-encoding",
    "tab-groups",
    "release-notes",
    "url",
    "wasm",
    "benchmark",
    "extension",
    "manifest",
    "issue",
    "design",
    "Percent_encoding",
    "2026",
];

/// One realistic URL, as a user would have it in a tab (not yet encoded for
/// a link): the kinds of page people group, with their queries and escapes.
fn url(g: &mut Gen, n: usize) -> String {
    let w = g.pick(WORDS);
    match g.below(12) {
        0 => format!("https://en.wikipedia.org/wiki/{w}"),
        1 => format!(
            "https://github.com/servo/rust-url/issues/{}",
            100 + n % 9000
        ),
        2 => format!(
            "https://www.google.com/search?q=C%23+{w}&hl=en&start={}",
            10 * (n % 7)
        ),
        3 => format!(
            "https://www.youtube.com/watch?v={:011x}&t={}s",
            g.next() >> 20,
            n % 600
        ),
        4 => format!(
            "https://docs.rs/url/2.5.{}/url/struct.Url.html#method.parse",
            n % 5
        ),
        5 => format!("https://news.ycombinator.com/item?id={}", 40_000_000 + n),
        6 => format!("https://de.wikipedia.org/wiki/Stra%C3%9Fe_{}", n % 300),
        7 => format!(
            "https://example.org/archive/{w};jsessionid={:08x}",
            g.next() >> 32
        ),
        8 => format!(
            "https://developer.mozilla.org/en-US/docs/Web/API/URL/{w}#{}",
            ["examples", "syntax", "see_also"][n % 3]
        ),
        9 => format!(
            "https://stackoverflow.com/questions/{}/how-to-{w}",
            70_000_000 + n
        ),
        10 => format!("https://www.example.com/shop/caf\u{e9}/{w}?size=M&colour=blue"),
        _ => format!("https://blog.example.net/{}/{w}/", 2000 + n % 27),
    }
}

fn list_of(n: usize) -> UriList {
    let mut g = Gen(n as u64);
    let mut list: UriList = (0..n).map(|i| url(&mut g, i)).collect();
    list.set_title(format!("Reading list: {n} pages & notes"));
    list
}

/// One list in every form the cases read.
struct Case {
    n: usize,
    list: UriList,
    link: String,
    parsed: Parsed,
    text: String,
    json: String,
}

fn case(n: usize, parser: &Parser) -> Case {
    let list = list_of(n);
    let link = list.to_link();
    let parsed = parser.parse(&link).expect("the benchmark link parses");
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    assert_eq!(parsed.list.len(), n);
    let text = to_text(&parsed.list);
    let json = decode_json(&parsed);
    Case {
        n,
        list,
        link,
        parsed,
        text,
        json,
    }
}

fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    // Short runs: the whole `cargo bench` stays within a few minutes on 2 cores.
    g.warm_up_time(Duration::from_millis(500));
    g
}

/// Few samples for the large cases, which take milliseconds each.
fn size(g: &mut BenchmarkGroup<'_, WallTime>, n: usize, bytes: usize) -> BenchmarkId {
    let (samples, secs) = if n >= 100_000 { (10, 4) } else { (30, 2) };
    g.sample_size(samples)
        .measurement_time(Duration::from_secs(secs))
        .throughput(Throughput::Bytes(bytes as u64));
    BenchmarkId::from_parameter(n)
}

fn bench(c: &mut Criterion) {
    let parser = Parser::new().max_length(usize::MAX);
    let strict = parser.strict(true);
    let cases: Vec<Case> = SIZES.iter().map(|&n| case(n, &parser)).collect();

    let mut g = group(c, "parse");
    for k in &cases {
        let id = size(&mut g, k.n, k.link.len());
        g.bench_function(id, |b| b.iter(|| parser.parse(black_box(&k.link))));
    }
    g.finish();

    let mut g = group(c, "parse_strict");
    for k in &cases {
        let id = size(&mut g, k.n, k.link.len());
        g.bench_function(id, |b| b.iter(|| strict.parse(black_box(&k.link))));
    }
    g.finish();

    let mut g = group(c, "to_link");
    for k in &cases {
        let id = size(&mut g, k.n, k.link.len());
        g.bench_function(id, |b| b.iter(|| black_box(&k.list).to_link()));
    }
    g.finish();

    let mut g = group(c, "to_text");
    for k in &cases {
        let id = size(&mut g, k.n, k.text.len());
        g.bench_function(id, |b| b.iter(|| to_text(black_box(&k.parsed.list))));
    }
    g.finish();

    let mut g = group(c, "decode_json");
    for k in &cases {
        let id = size(&mut g, k.n, k.json.len());
        g.bench_function(id, |b| b.iter(|| decode_json(black_box(&k.parsed))));
    }
    g.finish();
}

/// The sizes of the ratio (the goal counts from 1 000 items up).
const RATIO_SIZES: [usize; 5] = [10, 100, 1_000, 10_000, 100_000];
/// Repeats of each pair of timings; each timing runs for about `SLICE`.
const REPEATS: usize = 21;
const SLICE: Duration = Duration::from_millis(20);

/// Seconds per call of `f`, over as many calls as fill `SLICE` (at least one).
fn per_call(calls: u32, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..calls {
        f();
    }
    start.elapsed().as_secs_f64() / f64::from(calls)
}

/// How many calls of `f` fill `SLICE`.
fn calls_in_slice(mut f: impl FnMut()) -> u32 {
    let once = per_call(3, &mut f).max(1e-9);
    ((SLICE.as_secs_f64() / once) as u32).max(1)
}

fn median_min_max(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

/// The parse against a memchr scan of the same bytes, interleaved: the
/// order alternates from one repeat to the next, and each repeat gives a
/// ratio of its own, so that a burst of load elsewhere hits both sides.
fn ratio() {
    let parser = Parser::new().max_length(usize::MAX);
    for n in RATIO_SIZES {
        let link = list_of(n).to_link();
        let bytes = link.as_bytes();
        let parse = || {
            black_box(parser.parse(black_box(&link)).map(|p| p.list.len()).ok());
        };
        let scan = || {
            black_box(
                memchr::memchr_iter(b';', black_box(bytes))
                    .fold(0, |last, at| black_box(at) | last),
            );
        };
        let (parse_calls, scan_calls) = (calls_in_slice(parse), calls_in_slice(scan));
        let (mut ratios, mut parse_mbs, mut scan_mbs) = (vec![], vec![], vec![]);
        for repeat in 0..REPEATS {
            let (p, s) = if repeat % 2 == 0 {
                let p = per_call(parse_calls, parse);
                (p, per_call(scan_calls, scan))
            } else {
                let s = per_call(scan_calls, scan);
                (per_call(parse_calls, parse), s)
            };
            ratios.push(s / p);
            parse_mbs.push(bytes.len() as f64 / p / 1e6);
            scan_mbs.push(bytes.len() as f64 / s / 1e6);
        }
        let (r, r_min, r_max) = median_min_max(ratios);
        let (p, _, _) = median_min_max(parse_mbs);
        let (s, _, _) = median_min_max(scan_mbs);
        println!(
            "{{\"items\":{n},\"bytes\":{},\"ratio\":{r:.4},\"min\":{r_min:.4},\"max\":{r_max:.4},\"parse_mb_s\":{p:.1},\"memchr_mb_s\":{s:.1},\"repeats\":{REPEATS}}}",
            bytes.len()
        );
    }
}

criterion_group!(benches, bench);

fn main() {
    if std::env::args().any(|arg| arg == "--ratio") {
        ratio();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
