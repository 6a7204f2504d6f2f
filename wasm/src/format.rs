//! `formatLinks()`'s input: the titled pages and tab groups to write, and
//! how to write them ([`FormatEntry`], [`FormatOptions`]), read by serde's
//! derive through serde-wasm-bindgen, each mistake named by its path
//! (`entries[2].items[0].url`) with serde_path_to_error. The TypeScript
//! types of `formatLinks`'s arguments are generated from these (ts-rs).

use serde::Deserialize;
use serde_path_to_error::Segment;
use uri_list::boundary::decimal;
use uri_list::{Code, Entry, Format, Link, Message};
use wasm_bindgen::JsValue;

/// A page (`{title, url}`) or a tab group of pages (`{title, items}`): one
/// of `url` and `items`, never both.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export))]
pub struct FormatEntry {
    /// The page's or the group's title.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    title: Option<String>,
    /// The page's address.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    url: Option<String>,
    /// The group's pages: `{title, url}` each.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    items: Option<Vec<FormatEntry>>,
}

/// How `formatLinks` writes the entries.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export))]
pub struct FormatOptions {
    /// Markdown links, HTML links, plain lines, or the `template`.
    #[cfg_attr(test, ts(as = "FormatName"))]
    format: String,
    /// A person's template (`{title}`, `{url}`, `{host}`, `{index}`): with
    /// `format: "template"`.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    template: Option<String>,
    /// Between two entries written with the template; `\n` (written so)
    /// when not given.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = nullable))]
    separator: Option<String>,
}

/// The formats `formatLinks` writes: `format`'s values. Read as a string
/// and matched (`format`): serde's enum reading measured 1.4 KB more of wasm.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(export, rename_all = "lowercase")]
#[allow(dead_code)] // a type for TypeScript only
pub enum FormatName {
    Markdown,
    Html,
    Plain,
    Template,
}

/// The text `formatLinks(entries, options)` returns, or the message of the
/// first mistake in its arguments.
pub(crate) fn format(entries: JsValue, options: JsValue) -> Result<String, Message> {
    let entries: Vec<FormatEntry> = read(entries, "entries")?;
    let options: FormatOptions = read(options, "options")?;
    let mut read = Vec::with_capacity(entries.len());
    for (i, entry) in entries.into_iter().enumerate() {
        let at = ["entries[", &decimal(i as u64), "]"].concat();
        read.push(match (entry.url, entry.items) {
            (Some(url), None) => Entry::Link(Link {
                title: entry.title.unwrap_or_default(),
                url,
            }),
            (None, Some(items)) => Entry::Group {
                title: entry.title.unwrap_or_default(),
                links: items
                    .into_iter()
                    .enumerate()
                    .map(|(j, link)| match (link.url, link.items) {
                        (Some(url), None) => Ok(Link {
                            title: link.title.unwrap_or_default(),
                            url,
                        }),
                        _ => {
                            let at = [&at, ".items[", &decimal(j as u64), "]"].concat();
                            Err(Message::with(Code::formatNotLink, &[&at]))
                        }
                    })
                    .collect::<Result<_, _>>()?,
            },
            _ => return Err(Message::with(Code::formatNotEntry, &[&at])),
        });
    }
    let format = match options.format.as_str() {
        "markdown" => Format::Markdown,
        "html" => Format::Html,
        "plain" => Format::Plain,
        "template" => Format::Template {
            template: options.template.as_deref().unwrap_or_default(),
            separator: options.separator.as_deref().unwrap_or("\\n"),
        },
        _ => return Err(Message::with(Code::formatNotFormat, &["options.format"])),
    };
    uri_list::format_links(&read, format, &crate::platform::EngineUrl)
}

/// `value`, the argument named `name`, read as a `T`; or what is wrong at
/// the path serde stopped at.
fn read<T: for<'de> Deserialize<'de>>(value: JsValue, name: &str) -> Result<T, Message> {
    let de = serde_wasm_bindgen::Deserializer::from(value);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let mut at = name.to_owned();
        let mut last = None;
        for segment in e.path().iter() {
            match segment {
                Segment::Seq { index } => at = [&at, "[", &decimal(*index as u64), "]"].concat(),
                Segment::Map { key } => at = [&at, ".", key].concat(),
                Segment::Enum { .. } | Segment::Unknown => {}
            }
            last = Some(segment);
        }
        let code = match last {
            None => return Message::new(Code::formatInput),
            Some(Segment::Map { key }) if key == "format" => Code::formatNotFormat,
            Some(Segment::Map { key }) if key == "items" => Code::formatNotArray,
            Some(Segment::Map { .. }) => Code::formatNotString,
            Some(_) => Code::formatNotEntry,
        };
        Message::with(code, &[&at])
    })
}
