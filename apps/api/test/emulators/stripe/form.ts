// Stripe's request encoding: application/x-www-form-urlencoded bodies (and query strings) whose keys
// nest with brackets — `metadata[order]=1`, `payment_method_data[card][number]=…`, arrays as
// `expand[]=a` or `expand[0]=a`. Values stay strings: typing them is the parameter schema's job,
// exactly as the API coerces "50" to an integer and refuses "fifty".

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export class FormSyntaxError extends Error {}

function segmentsOf(key: string): string[] {
  const open = key.indexOf('[');
  if (open === -1) return [key];
  const head = key.slice(0, open);
  const rest = key.slice(open);
  const parts = [...rest.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
  if (parts.map((p) => `[${p}]`).join('') !== rest || head === '') throw new FormSyntaxError(`Invalid key: ${key}`);
  return [head, ...parts];
}

/** Decodes `a[b][0]=x&a[c]=y` into nested objects and arrays, keeping every value a string. */
export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  if (!body) return root;
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const segments = segmentsOf(rawKey);
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!;
      const last = i === segments.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(segments[i + 1]!);
      if (Array.isArray(node)) {
        const index = segment === '' ? node.length : Number(segment);
        if (!/^\d*$/.test(segment)) throw new FormSyntaxError(`Invalid key: ${rawKey}`);
        if (last) node[index] = value;
        else {
          node[index] ??= nextIsIndex ? [] : {};
          node = node[index] as FormObject | FormValue[];
        }
        continue;
      }
      if (last) node[segment] = value;
      else {
        node[segment] ??= nextIsIndex ? [] : {};
        const child = node[segment];
        if (typeof child === 'string') throw new FormSyntaxError(`Invalid key: ${rawKey}`);
        node = child as FormObject | FormValue[];
      }
    }
  }
  return root;
}
