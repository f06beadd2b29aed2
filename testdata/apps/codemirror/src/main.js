// Snippets: a read-only CodeMirror 6 viewer of a document fetched from the
// server, bundled by esbuild as sites ship it. The #! state names the file
// and a line (#!/files/<name>/L<n>), which a line decoration marks and the
// selection starts on; the outline and the counts come from the Lezer
// syntax tree of the JavaScript language.
import { basicSetup } from 'codemirror';
import { EditorState, StateField, RangeSetBuilder } from '@codemirror/state';
import { EditorView, Decoration } from '@codemirror/view';
import { javascript } from '@codemirror/lang-javascript';
import { ensureSyntaxTree } from '@codemirror/language';

const state = () => {
  const [, name = 'tides.js', line] = /^#!\/files\/([\w.-]+)(?:\/L(\d+))?$/.exec(location.hash) ?? [];
  return { name, line: line ? Number(line) : 0 };
};

async function text(url, as = 'text') {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res[as]();
}

// target marks one line of the document with the cm-target class.
const target = (n) => StateField.define({
  create(st) {
    const b = new RangeSetBuilder();
    if (n >= 1 && n <= st.doc.lines) {
      const line = st.doc.line(n);
      b.add(line.from, line.from, Decoration.line({ class: 'cm-target' }));
    }
    return b.finish();
  },
  update(deco, tr) { return deco.map(tr.changes); },
  provide: (f) => EditorView.decorations.from(f),
});

function outline(st) {
  const tree = ensureSyntaxTree(st, st.doc.length, 5000);
  const items = [];
  let functions = 0;
  tree?.iterate({
    enter(node) {
      if (node.name === 'FunctionDeclaration' || node.name === 'ClassDeclaration') {
        const id = node.node.getChild('VariableDefinition');
        const name = id ? st.sliceDoc(id.from, id.to) : '?';
        items.push({ kind: node.name === 'ClassDeclaration' ? 'class' : 'function', name, line: st.doc.lineAt(node.from).number });
      }
      if (node.name === 'FunctionDeclaration' || node.name === 'ArrowFunction' || node.name === 'MethodDeclaration') functions++;
    },
  });
  return { items, functions };
}

async function main() {
  const { name, line } = state();
  const files = await text('data/files.json', 'json');
  document.getElementById('files').innerHTML = files.map((f) =>
    `<a href="#!/files/${f.name}"${f.name === name ? ' class="current"' : ''}>${f.name}</a>`).join('');
  const meta = files.find((f) => f.name === name);
  const doc = await text(`data/files/${name}`);
  document.getElementById('file').textContent = name;
  document.getElementById('about').textContent = meta?.about ?? '';

  const view = new EditorView({
    parent: document.getElementById('editor'),
    state: EditorState.create({
      doc,
      extensions: [basicSetup, javascript(), EditorState.readOnly.of(true), EditorView.editable.of(false), target(line)],
    }),
  });
  if (line >= 1 && line <= view.state.doc.lines) {
    view.dispatch({ selection: { anchor: view.state.doc.line(line).from } });
  }
  const { items, functions } = outline(view.state);
  document.getElementById('outline').innerHTML = items.map((it) =>
    `<li class="${it.kind}"><a href="#!/files/${name}/L${it.line}">${it.kind} ${it.name}</a> (line ${it.line})</li>`).join('');
  const sel = view.state.selection.main.head;
  document.getElementById('status').textContent =
    `${view.state.doc.lines} lines, ${view.state.doc.length} characters, ${functions} functions; ` +
    `cursor at line ${view.state.doc.lineAt(sel).number}`;
  document.title = `${name} · Snippets`;
}

main().catch((err) => { document.getElementById('file').textContent = `Error: ${err.message}`; });
