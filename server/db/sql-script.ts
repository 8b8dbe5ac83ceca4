/**
 * The statements of a SQL script: split at the semicolons outside quotes ('…', "…"), dollar-quoted
 * bodies ($$…$$, $tag$…$tag$) and comments (line and block); empty ones dropped.
 */
export function splitSqlScript(script: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < script.length) {
    const c = script[i]!;
    if (c === "'" || c === '"') {
      const end = script.indexOf(c, i + 1);
      i = end === -1 ? script.length : end + 1;
      // A doubled quote ('it''s') continues the string: the loop meets it as a new one.
    } else if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end + 1;
    } else if (c === '/' && script[i + 1] === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end === -1 ? script.length : end + 2;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        i = end === -1 ? script.length : end + tag.length;
      } else i++;
    } else if (c === ';') {
      out.push(script.slice(start, i));
      start = ++i;
    } else i++;
  }
  out.push(script.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.length > 0 && !/^(--[^\n]*\n?\s*)+$/.test(s));
}
