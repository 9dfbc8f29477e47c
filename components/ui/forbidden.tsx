// The 403 result: a signed-in user on a page of another role.
import { uz } from "@/lib/i18n/uz";
import { LinkButton } from "./button";
import { Result } from "./result";

export function Forbidden() {
  return (
    <Result
      status="403"
      title={uz.forbidden.title}
      subTitle={uz.http.forbidden}
      extra={<LinkButton href="/">{uz.notFound.home}</LinkButton>}
    />
  );
}
