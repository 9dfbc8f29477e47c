// The 403 result: a signed-in user on a page of another role.
import { getMessages } from "@/lib/i18n/server";
import { LinkButton } from "./button";
import { Result } from "./result";

export async function Forbidden() {
  const messages = await getMessages();
  return (
    <Result
      status="403"
      title={messages.forbidden.title}
      subTitle={messages.http.forbidden}
      extra={<LinkButton href="/">{messages.notFound.home}</LinkButton>}
    />
  );
}
