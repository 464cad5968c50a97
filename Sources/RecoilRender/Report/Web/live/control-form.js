// The controls of one section of the details (see live-control.js): each control's elements,
// built in the report's document, its editor marked `data-keep` so that what is typed survives
// the details being made again, and its answer line, which shows the app's last answer.
class ControlForm {
  constructor(control, box) {
    this.control = control;
    this.box = box;
  }

  element(tag, className, text) {
    const made = this.box.ownerDocument.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  button(text, onClick, primary = false) {
    const made = this.element('button', primary ? 'primary' : null, text);
    made.type = 'button';
    made.addEventListener('click', onClick);
    return made;
  }

  editor(key, label, placeholder) {
    const made = this.element('textarea');
    made.setAttribute('aria-label', label);
    made.setAttribute('data-keep', key);
    made.spellcheck = false;
    made.placeholder = placeholder;
    return made;
  }

  answerLine(key) {
    const line = this.element('p', 'answer');
    line.setAttribute('role', 'status');
    line.dataset.answerFor = key;
    const known = this.control.answers.get(key);
    if (known) {
      line.className = known.className;
      line.textContent = known.text;
      if (known.ok !== undefined) line.dataset.ok = known.ok;
    }
    return line;
  }

  // Sends `request` with the JSON in `field` as `key`, after checking it.
  sendJSON(field, line, request, key, done) {
    const problem = LiveControl.checkJSON(field.value);
    if (problem) {
      this.control.show(line, 'answer refused', problem);
      field.setAttribute('aria-invalid', 'true');
      return null;
    }
    field.removeAttribute('aria-invalid');
    return this.control.control({ ...request, [key]: JSON.parse(field.value) }, line, done);
  }

  /** An atom: set a value (JSON), or reset it. */
  atom(node) {
    const answer = this.answerLine(`set:${node.id}`);
    this.box.append(this.element('h3', null, 'Set from the tool'));
    const field = this.editor(`set:${node.id}`, `New value of ${node.id}, as JSON`, 'a value as JSON, such as "EUR" or 12');
    if (node.value !== undefined && LiveControl.checkJSON(node.value) === null) field.value = node.value;
    const row = this.element('div', 'row');
    row.append(
      this.button('Set', () => this.sendJSON(field, answer, { control: 'set', node: node.id }, 'value'), true),
      this.button('Reset', () => this.control.control({ control: 'reset', node: node.id }, answer)));
    this.box.append(field, row, answer);
  }

  /** A selector: stub a value, an error or loading, or remove the stub. */
  selector(node) {
    const answer = this.answerLine(`stub:${node.id}`);
    const ask = (request) => this.control.control({ control: 'stub', node: node.id, ...request }, answer);
    this.box.append(this.element('h3', null, 'Stub from the tool'));
    const field = this.editor(`stub:${node.id}`, `A value for ${node.id}, as JSON`, 'a value as JSON');
    const message = this.element('input');
    message.type = 'text';
    message.placeholder = 'an error message';
    message.setAttribute('aria-label', `An error for ${node.id}`);
    message.setAttribute('data-keep', `stub-error:${node.id}`);
    const row = this.element('div', 'row');
    row.append(
      this.button('Stub value', () => this.sendJSON(field, answer, { control: 'stub', node: node.id }, 'value')),
      this.button('Stub error', () => ask({ error: message.value || 'stubbed from the tool' })),
      this.button('Stub loading', () => ask({ loading: true })),
      this.button('Remove stub', () => this.control.control({ control: 'unstub', node: node.id }, answer)));
    this.box.append(field, message, row, answer);
  }

  /** A store: dispatch an action (JSON), with its action type's cases and the last sent. */
  store(node) {
    const answer = this.answerLine(`dispatch:${node.id}`);
    this.box.append(this.element('h3', null, `Dispatch to ${node.id}`));
    const field = this.editor(`dispatch:${node.id}`, `An action for ${node.id}, as JSON`, 'an action as JSON, as its Codable conformance writes it');
    const recent = this.element('div', 'recent');
    const showRecent = () => {
      recent.replaceChildren();
      for (const text of LiveControl.recentActions(node.id)) {
        const item = this.button(text, () => { field.value = text; });
        item.title = 'Use this action again';
        recent.append(item);
      }
    };
    showRecent();
    const row = this.element('div', 'row');
    row.append(this.button('Dispatch', () => {
      const sent = field.value.trim();
      this.sendJSON(field, answer, { control: 'dispatch', store: node.id }, 'action', (result) => {
        if (!result.ok) return;
        LiveControl.remember(node.id, sent);
        showRecent();
      });
    }, true));
    this.box.append(field, this.cases(node, field), row, recent, answer);
  }

  // The action type's cases, each a button that puts an example in the editor. Asked of the
  // app, which answers only when it allows dispatch (an older app does not know the question).
  cases(node, field) {
    const cases = this.element('div', 'cases');
    cases.setAttribute('role', 'group');
    cases.setAttribute('aria-label', `Cases of ${node.id}'s actions`);
    this.control.host.ask({ control: 'actions', store: node.id }).then((described) => {
      let parsed;
      try {
        parsed = described && described.ok ? JSON.parse(described.message) : null;
      } catch {
        return;
      }
      if (!parsed || !Array.isArray(parsed.cases)) return;
      cases.append(this.element('span', 'hint', `${String(parsed.type ?? 'Action')}:`));
      for (const item of parsed.cases) {
        if (typeof item.case !== 'string') continue;
        const { example, title } = LiveControl.caseExample(item);
        const chosen = this.button(item.case, () => {
          field.value = example;
          field.focus();
        });
        chosen.title = title;
        cases.append(chosen);
      }
    });
    return cases;
  }

  /** An entry: jump the app there, or skip an action. */
  entry(entry, seq) {
    const answer = this.answerLine(`entry:${entry.seqText ?? entry.seq}`);
    const row = this.element('div', 'row');
    row.append(this.button('Jump here', () => this.control.control({ control: 'jump', seq }, answer), true));
    if (entry.kind === 'action') row.append(this.button('Skip', () => this.control.control({ control: 'skip', seq }, answer)));
    this.box.append(this.element('h3', null, 'The running app'), row, answer);
  }
}
