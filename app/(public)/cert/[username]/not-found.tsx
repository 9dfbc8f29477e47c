// /cert/{username} without a certificate: HTTP 404, the spec's text, and whom to ask.
import { CertificateFrame } from "@/components/certificates/certificate-frame";
import { Card } from "@/components/ui/card";
import { Result } from "@/components/ui/result";
import { config } from "@/lib/config";
import { getMessages } from "@/lib/i18n/server";

export default async function CertificateNotFound() {
  const messages = await getMessages();
  const texts = messages.certificate;
  const { chatBotUrl, supportPhone } = config();
  return (
    <CertificateFrame>
      <Card size="bare">
        <Result
          status="404"
          title={texts.notFound}
          subTitle={texts.notFoundHint}
          extra={
            <>
              <a href={chatBotUrl} className="font-medium text-primary-700 underline" data-testid="contact-bot">
                {texts.contactBot}
              </a>
              {supportPhone && (
                <a
                  href={`tel:${supportPhone.replace(/[^\d+]/g, "")}`}
                  className="font-medium text-primary-700 underline"
                  data-testid="contact-phone"
                >
                  {supportPhone}
                </a>
              )}
            </>
          }
        />
      </Card>
    </CertificateFrame>
  );
}
