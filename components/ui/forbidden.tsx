// The 403 result: a signed-in user on a page of another role.
import { getMessages } from "@/lib/i18n/server";
import { LinkButton } from "./button";
import { Result } from "./result";

export async function Forbidden() {
  const m = await getMessages();
  return (
    <Result
      status="403"
      title={m.forbidden.title}
      subTitle={m.http.forbidden}
      extra={<LinkButton href="/">{m.notFound.home}</LinkButton>}
    />
  );
}
