// The editor's desk form: an article's words in English and Hindi (heading, sub-heading, content,
// p1..p6), what it is about (team, player, tournament and match keys), a cover uploaded and
// re-encoded by the server, then Save, Publish or Withdraw (news/desk/* of the API). What an
// editor types is sent as text and shown by React as text, never as HTML.
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { deskArticle } from '../server/wire/schemas/news.ts';
import { answerText, callApi } from '../lib/account-api.ts';
import type { Dictionary } from '../i18n/en.ts';

type DeskArticle = z.output<typeof deskArticle>;
type Labels = Dictionary['desk'];
type Lang = 'en' | 'hi';
const TAG_KINDS = ['team', 'player', 'tournament', 'match'] as const;
const PARAGRAPHS = 6;

interface Words {
  heading: string;
  sub_heading: string;
  content: string;
  paragraphs: string[];
}

const emptyWords = (): Words => ({ heading: '', sub_heading: '', content: '', paragraphs: Array.from({ length: PARAGRAPHS }, () => '') });
const wordsOf = (text: DeskArticle['en']): Words =>
  text ? { ...text, paragraphs: Array.from({ length: PARAGRAPHS }, (_, i) => text.paragraphs[i] ?? '') } : emptyWords();
const keys = (text: string) =>
  text
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);

export default function NewsEditor({ labels, initial, deskHref, previewHref }: { labels: Labels; initial: DeskArticle | null; deskHref: string; previewHref: string }) {
  const [article, setArticle] = useState<DeskArticle | null>(initial);
  const [words, setWords] = useState<Record<Lang, Words>>({ en: wordsOf(initial?.en ?? null), hi: wordsOf(initial?.hi ?? null) });
  const [tags, setTags] = useState<Record<(typeof TAG_KINDS)[number], string>>({
    team: initial?.tags.team.join(', ') ?? '',
    player: initial?.tags.player.join(', ') ?? '',
    tournament: initial?.tags.tournament.join(', ') ?? '',
    match: initial?.tags.match.join(', ') ?? '',
  });
  const [cover, setCover] = useState<{ name: string; url: string } | null>(
    initial?.cover_image && initial.cover_url ? { name: initial.cover_image, url: initial.cover_url } : null,
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const setWord = (lang: Lang, field: 'heading' | 'sub_heading' | 'content', value: string) =>
    setWords((current) => ({ ...current, [lang]: { ...current[lang], [field]: value } }));
  const setParagraph = (lang: Lang, index: number, value: string) =>
    setWords((current) => ({ ...current, [lang]: { ...current[lang], paragraphs: current[lang].paragraphs.map((p, i) => (i === index ? value : p)) } }));

  const body = () => {
    const hi = words.hi;
    const hindiGiven = hi.heading.trim() !== '' || hi.content.trim() !== '';
    return {
      en: words.en,
      hi: hindiGiven ? hi : null,
      tags: Object.fromEntries(TAG_KINDS.map((kind) => [kind, keys(tags[kind])])),
      cover_image: cover?.name ?? null,
    };
  };

  const done = (answer: Awaited<ReturnType<typeof callApi>>, success: string) => {
    if (answer.ok) {
      const saved = answer.body.data as DeskArticle;
      setArticle(saved);
      setMessage({ text: success, error: false });
      // A new draft now has an address of its own.
      if (!article) window.history.replaceState(null, '', `?id=${saved.id}`);
    } else {
      setMessage({ text: answerText(answer, labels.failed), error: true });
    }
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setMessage({ text: labels.saving, error: false });
    const answer = article
      ? await callApi('news/desk/article', { method: 'PUT', query: { id: article.id }, json: body() })
      : await callApi('news/desk/article', { method: 'POST', json: body() });
    done(answer, labels.saved);
    setBusy(false);
    return answer.ok ? (answer.body.data as DeskArticle) : null;
  };

  const setStatus = async (publish: boolean) => {
    const saved = await save();
    if (!saved) return;
    setBusy(true);
    const answer = await callApi(publish ? 'news/desk/publish' : 'news/desk/unpublish', { json: { id: saved.id } });
    done(answer, publish ? labels.publishedNow : labels.withdrawn);
    setBusy(false);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setMessage({ text: labels.uploading, error: false });
    const form = new FormData();
    form.append('cover', file);
    const answer = await callApi('news/desk/cover', { form });
    if (answer.ok) {
      const data = answer.body.data as { cover_image: string; cover_url: string };
      setCover({ name: data.cover_image, url: data.cover_url });
      setMessage({ text: labels.uploaded, error: false });
    } else {
      setMessage({ text: answerText(answer, labels.failed), error: true });
    }
    setBusy(false);
  };

  const fields = (lang: Lang, legend: string) => (
    <fieldset className="desk-fields" lang={lang}>
      <legend>{legend}</legend>
      <label>
        {labels.heading}
        <input value={words[lang].heading} maxLength={200} required={lang === 'en'} onChange={(e) => setWord(lang, 'heading', e.target.value)} name={`${lang}-heading`} />
      </label>
      <label>
        {labels.subHeading}
        <input value={words[lang].sub_heading} maxLength={300} onChange={(e) => setWord(lang, 'sub_heading', e.target.value)} name={`${lang}-sub_heading`} />
      </label>
      <label>
        {labels.content}
        <textarea value={words[lang].content} maxLength={5000} rows={3} required={lang === 'en'} onChange={(e) => setWord(lang, 'content', e.target.value)} name={`${lang}-content`} />
      </label>
      {words[lang].paragraphs.map((paragraph, index) => (
        <label key={index}>
          {labels.paragraph.replace('{{n}}', String(index + 1))}
          <textarea value={paragraph} maxLength={5000} rows={3} onChange={(e) => setParagraph(lang, index, e.target.value)} name={`${lang}-p${index + 1}`} />
        </label>
      ))}
    </fieldset>
  );

  return (
    <form className="news-editor" onSubmit={(event) => void save(event)}>
      <p className="desk-links">
        <a href={deskHref}>← {labels.back}</a>
        {article && (
          <>
            {' · '}
            <a href={`${previewHref}?id=${article.id}`}>{labels.preview}</a>
            {' · '}
            <span>
              {article.status === 'published' ? labels.published : labels.draft} · {labels.views}: {article.views}
            </span>
          </>
        )}
      </p>
      <fieldset className="desk-fields">
        <legend>{labels.cover}</legend>
        {cover && <img src={cover.url} alt="" width={320} height={180} className="cover-preview" />}
        <label>
          {labels.coverHelp}
          <input type="file" name="cover" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" onChange={(e) => void upload(e.target.files?.[0])} disabled={busy} />
        </label>
        {cover && (
          <button type="button" className="link" onClick={() => setCover(null)}>
            {labels.removeCover}
          </button>
        )}
      </fieldset>
      {fields('en', labels.english)}
      {fields('hi', labels.hindi)}
      <fieldset className="desk-fields">
        <legend>{labels.tags}</legend>
        <p className="help">{labels.tagsHelp}</p>
        {TAG_KINDS.map((kind) => (
          <label key={kind}>
            {labels[kind === 'team' ? 'teams' : kind === 'player' ? 'players' : kind]}
            <input value={tags[kind]} onChange={(e) => setTags((current) => ({ ...current, [kind]: e.target.value }))} name={`tags-${kind}`} />
          </label>
        ))}
      </fieldset>
      <div className="desk-actions">
        <button type="submit" disabled={busy}>
          {labels.save}
        </button>
        {article?.status === 'published' ? (
          <button type="button" disabled={busy} onClick={() => void setStatus(false)}>
            {labels.unpublish}
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => void setStatus(true)}>
            {labels.publish}
          </button>
        )}
      </div>
      <p role="status" className={message?.error ? 'error' : 'note'}>
        {message?.text ?? ''}
      </p>
    </form>
  );
}
