// Who is compared in a screening (lib/statistics/similarity.ts): every two pupils of one group,
// and any two who used one device or one address not shared by too many. Pure.

/** What pairs a pupil: its group, and the devices and addresses it used during the test's window. */
type Pairable = { group: string | null; devices: string[]; addresses: string[] };

/** The pairs to screen: within a group, and any two sharing a device or (a small) address. */
export function pairsOf(attempts: Pairable[], maxAddressPupils: number): Map<number, Set<"group" | "device" | "address">> {
  const n = attempts.length;
  const pairs = new Map<number, Set<"group" | "device" | "address">>();
  const add = (members: number[], reason: "group" | "device" | "address") => {
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const [a, b] = members[x] < members[y] ? [members[x], members[y]] : [members[y], members[x]];
        const key = a * n + b;
        const reasons = pairs.get(key);
        if (reasons) reasons.add(reason);
        else pairs.set(key, new Set([reason]));
      }
    }
  };
  const by = (pick: (a: Pairable) => (string | null)[]) => {
    const members = new Map<string, number[]>();
    attempts.forEach((a, i) => {
      for (const key of new Set(pick(a))) {
        if (key === null) continue;
        const list = members.get(key);
        if (list) list.push(i);
        else members.set(key, [i]);
      }
    });
    return members;
  };
  for (const members of by((a) => [a.group]).values()) add(members, "group");
  for (const members of by((a) => a.devices).values()) add(members, "device");
  for (const members of by((a) => a.addresses).values()) if (members.length <= maxAddressPupils) add(members, "address");
  return pairs;
}
