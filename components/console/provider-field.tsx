// A console list's filter by payment provider: all of them, or one.
import { Field, Select } from "@/components/ui/field";
import { PaymentProvider } from "@/shared/payments/enums";

type Props = { label: string; all: string; names: Record<PaymentProvider, string>; selected?: PaymentProvider };

export function ProviderField({ label, all, names, selected }: Props) {
  return (
    <Field id="provider" label={label}>
      <Select id="provider" name="provider" defaultValue={selected ?? ""}>
        <option value="">{all}</option>
        {Object.values(PaymentProvider).map((provider) => (
          <option key={provider} value={provider}>
            {names[provider]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
