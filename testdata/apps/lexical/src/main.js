// Harbour notes: a read-only Lexical editor showing a note fetched as JSON
// and built with Lexical's node API (headings, lists, a quote, links, text
// formats), an update listener counting words, a timed editor.update()
// appending a line, and the note exported back to HTML with @lexical/html.
// #!/notes/<id> chooses the note.
import {
  createEditor, $getRoot, $createParagraphNode, $createTextNode,
} from 'lexical';
import {
  registerRichText, HeadingNode, QuoteNode, $createHeadingNode, $createQuoteNode,
} from '@lexical/rich-text';
import { ListNode, ListItemNode, $createListNode, $createListItemNode } from '@lexical/list';
import { LinkNode, $createLinkNode } from '@lexical/link';
import { registerHistory, createEmptyHistoryState } from '@lexical/history';
import { $generateHtmlFromNodes } from '@lexical/html';
import { mergeRegister } from '@lexical/utils';

const theme = {
  heading: { h2: 'note-h2' },
  quote: 'note-quote',
  list: { ul: 'note-ul', ol: 'note-ol', listitem: 'note-li' },
  link: 'note-link',
  text: { bold: 'b', italic: 'i', code: 'code' },
  paragraph: 'note-p',
};

const editor = createEditor({
  namespace: 'harbour-notes',
  theme,
  nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
  editable: false,
  onError(error) { throw error; },
});

const $ = (sel) => document.querySelector(sel);

function route() {
  const m = /^#!\/notes\/([a-z]+)$/.exec(location.hash);
  return m ? m[1] : 'tides';
}

function $text(span) {
  const node = $createTextNode(span.text);
  for (const f of span.format || []) node.toggleFormat(f);
  if (!span.link) return node;
  const link = $createLinkNode(span.link, { rel: 'noopener', target: '_blank' });
  link.append(node);
  return link;
}

function $block(b) {
  switch (b.type) {
    case 'h2': return $createHeadingNode('h2').append($createTextNode(b.text));
    case 'quote': return $createQuoteNode().append($createTextNode(b.text));
    case 'ul':
    case 'ol': {
      const list = $createListNode(b.type === 'ul' ? 'bullet' : 'number');
      for (const item of b.items) list.append($createListItemNode().append($createTextNode(item)));
      return list;
    }
    default: return $createParagraphNode().append(...b.spans.map($text));
  }
}

let loaded = 0;

async function show(id) {
  const seq = ++loaded;
  $('#status').textContent = 'Loading…';
  const note = await fetch(`data/notes/${id}.json`).then((r) => r.json());
  if (seq !== loaded) return;
  document.title = `${note.title} · Harbour notes`;
  $('#byline').textContent = `by ${note.author}`;
  editor.update(() => {
    const root = $getRoot();
    root.clear();
    root.append(...note.blocks.map($block));
  }, { tag: 'history-merge' });
  for (const a of document.querySelectorAll('nav a')) {
    a.classList.toggle('current', a.getAttribute('href') === `#!/notes/${id}`);
  }
  setTimeout(() => {
    editor.update(() => {
      const p = $createParagraphNode().append($createTextNode('Synced with the harbour office.'));
      $getRoot().append(p);
    }, { onUpdate: exportHTML });
  }, 200);
}

function exportHTML() {
  const html = editor.getEditorState().read(() => $generateHtmlFromNodes(editor, null));
  $('#export').textContent = html;
}

async function main() {
  editor.setRootElement($('#editor'));
  mergeRegister(
    registerRichText(editor),
    registerHistory(editor, createEmptyHistoryState(), 300),
  );
  editor.registerUpdateListener(({ editorState }) => {
    editorState.read(() => {
      const text = $getRoot().getTextContent();
      const words = text.split(/\s+/).filter(Boolean).length;
      const blocks = $getRoot().getChildrenSize();
      $('#status').textContent = `${blocks} blocks · ${words} words`;
    });
  });
  const notes = await fetch('data/notes.json').then((r) => r.json());
  $('nav').replaceChildren(...notes.map((n) => {
    const a = document.createElement('a');
    a.href = `#!/notes/${n.id}`;
    a.textContent = n.title;
    return a;
  }));
  addEventListener('hashchange', () => show(route()));
  await show(route());
}

main();
