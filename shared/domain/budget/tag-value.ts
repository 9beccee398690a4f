/**
 * A line's tag by its key, as billing exports spell user tags: the key itself, any case, or with a provider prefix
 * (Azure/AWS/GCP: `user:team`, `tag:team`, `label.team`). Allocation rules and the import's slice filter read tags
 * the same way.
 */
export function tagValue(tags: Record<string, string>, key: string): string | undefined {
  if (key in tags) return tags[key];
  // Called for every line of an import per tag rule (tracks assigned as lines are written): the spellings are built
  // once per call, not once per tag, and the tags are walked without an array of entries.
  const lower = key.toLowerCase();
  const user = `user:${lower}`;
  const tag = `tag:${lower}`;
  const dotted = `.${lower}`;
  const prefixed = `:${lower}`;
  for (const k in tags) {
    const kl = k.toLowerCase();
    if (kl === lower || kl === user || kl === tag || kl.endsWith(dotted) || kl.endsWith(prefixed)) return tags[k];
  }
  return undefined;
}
