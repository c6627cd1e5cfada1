/** The JSON data model the suite compares: what JSON.parse can return. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export type JsonObject = { [key: string]: JsonValue };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as JSON, cut short: for failure reasons, where "1" and 1 must look different. */
export function preview(value: unknown, maxChars = 200): string {
  return clip(JSON.stringify(value) ?? String(value), maxChars);
}

/** Raw text (a wire line) cut short for transcripts and reasons. */
export function clip(text: string, maxChars = 200): string {
  return text.length > maxChars ? `${text.slice(0, maxChars)}… (${text.length} chars)` : text;
}

/** JSON text with object keys sorted at every depth: equal texts mean equal values, whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) =>
    isJsonObject(member)
      ? Object.fromEntries(
          Object.keys(member)
            .sort()
            .map((key) => [key, member[key]]),
        )
      : member,
  );
}
