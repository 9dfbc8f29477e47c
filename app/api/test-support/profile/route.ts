// The benches profile the app one flow at a time (lib/testing/profile.ts): POST starts the
// sampling, DELETE stops it and answers the .cpuprofile.
import { handler, notServed } from "@/lib/api/handler";
import { startProfile, stopProfile } from "@/lib/testing/profile";

export const POST = handler({ auth: "testSupport" }, async () => {
  await startProfile();
  return { started: true };
});

export const DELETE = handler({ auth: "testSupport" }, async () => (await stopProfile()) ?? { started: false });

const absent = notServed("testSupport");

export { absent as GET, absent as PUT, absent as PATCH };
