/**
 * A line's tag by its key, as billing exports spell user tags: the key itself, any case, or with a provider prefix
 * (Azure/AWS/GCP: `user:team`, `tag:team`, `label.team`). Allocation rules and the import's slice filter read tags
 * the same way.
 */
export function tagValue(tags: Record<string, string>, key: string): string | undefined {
  if (key in tags) return tags[key];
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(tags)) {
    const kl = k.toLowerCase();
    if (kl === lower || kl === `user:${lower}` || kl === `tag:${lower}` || kl.endsWith(`.${lower}`) || kl.endsWith(`:${lower}`)) return v;
  }
  return undefined;
}
