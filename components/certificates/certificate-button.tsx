// "Sertifikatni olish": the server draws the PNG; the browser saves it under the pupil's name.
"use client";

import { useState } from "react";
import { useMessages } from "@/components/i18n/messages";
import { useCurrentUser } from "@/components/identity/use-current-user";
import { Button } from "@/components/ui/button";
import { showError } from "@/components/ui/show-error";
import { toast } from "@/components/ui/toast";
import { api } from "@/shared/http/client";
import { certificateFileName } from "@/shared/identity/names";

export function CertificateButton() {
  const messages = useMessages();
  const { data: user } = useCurrentUser();
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const image = await api<Blob>("/Certificates/Generate", { method: "POST" });
      const url = URL.createObjectURL(image);
      const link = document.createElement("a");
      link.href = url;
      link.download = user ? certificateFileName(user) : "sertifikat.png";
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      const message = messages.certificate.downloaded;
      toast.success(message, { id: message, position: "top-center", duration: 5000 });
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="secondary" pending={pending} onClick={download} data-testid="certificate-download">
      {messages.testAttempt.certificate}
    </Button>
  );
}
