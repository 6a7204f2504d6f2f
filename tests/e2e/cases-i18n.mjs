// The extension in another language: with the browser's UI in German, the preview page, the
// core's messages on it (why an item is blocked, warnings, why the page is shown) and the name
// of an unnamed group are German. These cases run in a browser started in that language
// (`lang`, see run.mjs).
import assert from 'node:assert/strict';
import { settled, urlAndGroup } from './cases-open.mjs';
import { waitFor } from './util.mjs';

/** What a person reads on the preview page. */
const readPreview = () => {
  const text = (selector) => [...document.querySelectorAll(selector)].map((node) => node.textContent);
  return {
    lang: document.documentElement.lang,
    title: document.title,
    heading: text('h1')[0],
    why: text('#why-list li'),
    notes: text('#notes-list li'),
    tags: text('#items .tag'),
    reasons: text('#items .reason'),
    buttons: text('button:not([hidden])'),
    itemsHeading: text('#items-heading')[0],
    labels: text('#bar label:not([hidden])').map((label) => label.trim()),
  };
};

export const cases = [
  {
    name: 'i18n: in a German browser, the preview page of a list with a blocked item is German, the core reason, warning and group name too',
    lang: 'de',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/german.html`);
      await browser.click('#link');
      await settled(browser, origin, { tabs: 2 }, 'the preview page');
      await browser.switchTo(await browser.extensionUrl('preview/preview.html'));
      const shown = await waitFor(() => browser.inPage(readPreview), (p) => p.reasons.length === 1, { what: 'the preview page' });
      const site = new URL(origin).hostname;
      assert.deepEqual(shown, {
        lang: 'de',
        title: `2 Seiten von ${site} · uri-list`,
        heading: `2 Seiten von ${site}`,
        why: ['die Liste möchte zuerst als Liste gezeigt werden'],
        notes: ['Eintrag 3 ist leer (übersprungen)'],
        tags: ['Wird nie geöffnet'],
        reasons: [
          'javascript:-Links werden aus einer Liste nie geöffnet: Solche Links führen Code in der Seite aus, die Sie gerade ansehen',
        ],
        buttons: ['2 Seiten als Gruppe öffnen', 'Alle auswählen', 'Keine auswählen', 'Link kopieren', 'Adressen kopieren, eine pro Zeile', 'Als Lesezeichen-Ordner speichern'],
        itemsHeading: 'Seiten in dieser Liste',
        labels: ['Gruppenname', 'In einem neuen Fenster', 'Seiten erst laden, wenn ich sie ansehe', 'In umgekehrter Reihenfolge'],
      });
      // The group the core names by a summary is named in German too.
      await browser.click('#open');
      const state = await settled(browser, origin, { tabs: 4, groups: 1 }, 'the group');
      assert.deepEqual(urlAndGroup(state).slice(2), [
        ['/page/de1', `2 Seiten von ${site}`],
        ['/page/de2', `2 Seiten von ${site}`],
      ]);
      const status = await browser.inPage(() => document.getElementById('status').textContent);
      assert.equal(status, 'Geöffnete Seiten: 2.');
    },
  },
];
