/** A few DOM helpers. Text always goes in as text nodes: nothing from the server is parsed as HTML. */
export type Child = Node | string | number | null | undefined | false;
type Attribute = string | number | boolean | null | undefined;
type Props = Record<string, Attribute | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...flatten(children));
  return element;
}

export function setChildren(element: Element, ...children: (Child | Child[])[]): void {
  element.replaceChildren(...flatten(children));
}

function flatten(children: (Child | Child[])[]): (Node | string)[] {
  return children
    .flat()
    .flatMap((child) =>
      child === null || child === undefined || child === false ? [] : [typeof child === 'number' ? String(child) : child],
    );
}

let lastId = 0;
/** A document-unique id, for label/for and aria-labelledby pairs. */
export function uniqueId(prefix: string): string {
  lastId += 1;
  return `${prefix}-${lastId}`;
}

/** The element with this id, which the page's HTML must contain. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from index.html`);
  return element as T;
}

/**
 * Keeps one child per key in the given order, creating, updating in place and removing, so
 * that focus and half-typed text inside an item survive updates.
 */
export function syncKeyed<T, E extends HTMLElement>(
  container: HTMLElement,
  items: readonly T[],
  keyOf: (item: T) => string,
  create: (item: T) => E,
  update: (element: E, item: T) => void,
): void {
  const existing = new Map<string, E>();
  for (const child of Array.from(container.children)) {
    const key = (child as HTMLElement).dataset.key;
    if (key !== undefined) existing.set(key, child as E);
  }
  let cursor: Element | null = container.firstElementChild;
  for (const item of items) {
    const key = keyOf(item);
    let element = existing.get(key);
    if (element) {
      existing.delete(key);
      update(element, item);
    } else {
      element = create(item);
      element.dataset.key = key;
    }
    if (element !== cursor) container.insertBefore(element, cursor);
    else cursor = cursor.nextElementSibling;
  }
  for (const stale of existing.values()) stale.remove();
}

/**
 * Marks buttons busy without `disabled`: a disabled button drops keyboard focus to <body>, and
 * the list could not hand it on when the card goes away. Click handlers check `isBusy`.
 */
export function setBusy(buttons: readonly HTMLButtonElement[], busy: boolean): void {
  for (const button of buttons) {
    if (busy) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
  }
}

export function isBusy(button: HTMLButtonElement): boolean {
  return button.getAttribute('aria-disabled') === 'true';
}
