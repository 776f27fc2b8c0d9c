/*
 * One input rule for every text field of every call (issue 16): no control characters. NUL cannot be stored
 * in PostgreSQL at all, and the others (escape sequences, backspaces, the C1 range) have no place in a name, an
 * address or a reason; tab, line feed and carriage return stay allowed for multi-line text. The server applies
 * it to each call's raw input before its schema; a refusal names the field.
 */

/** C0 controls except tab, line feed and carriage return; DEL; the C1 controls. */
const isControl = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/** The path of the first string (or key) in `input` holding a control character, e.g. `nickname` or `items.2.name`. */
export function controlCharacterField(input: unknown, path = ''): string | null {
  if (typeof input === 'string') return hasControlCharacter(input) ? path || '(body)' : null;
  if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) {
      const found = controlCharacterField(input[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (input !== null && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      const here = path ? `${path}.${key}` : key;
      // A key is named with its control characters shown as �, so the refusal itself stays clean text.
      if (hasControlCharacter(key))
        return [...here].map((c) => (isControl(c.charCodeAt(0)) ? '\uFFFD' : c)).join('');
      const found = controlCharacterField(value, here);
      if (found !== null) return found;
    }
  }
  return null;
}
