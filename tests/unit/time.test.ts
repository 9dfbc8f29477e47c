// The console's times: typed and shown as 24-hour dd.mm.yyyy in Tashkent (UTC+5), whatever the
// browser's locale, stored in UTC.
import { describe, expect, it } from "vitest";
import { formatTashkent, fromTashkentText, isoDateOf } from "@/shared/time";

describe("a time the organiser types", () => {
  it("is read as Tashkent time, 24-hour, day first", () => {
    expect(fromTashkentText("01.06.2025 10:00")).toBe("2025-06-01T05:00:00.000Z");
    expect(fromTashkentText(" 1.6.2025 9:05 ")).toBe("2025-06-01T04:05:00.000Z");
    expect(fromTashkentText("31.12.2025 23:59")).toBe("2025-12-31T18:59:00.000Z");
    expect(fromTashkentText("2025-06-01T10:00")).toBe("2025-06-01T05:00:00.000Z"); // as a program sends it
  });

  it("is refused when it is no time: 12-hour, month first, a day or hour that does not exist", () => {
    for (const text of [
      "",
      "10:00",
      "06/01/2025 10:00 AM",
      "01.06.2025 10:00 PM",
      "31.02.2025 10:00",
      "13.13.2025 10:00",
      "01.06.2025 24:30",
      "01.06.2025 10:60",
    ]) {
      expect(fromTashkentText(text), text).toBeNull();
    }
  });

  it("is shown back as typed", () => {
    expect(formatTashkent(fromTashkentText("05.07.2026 08:30"))).toBe("05.07.2026 08:30");
    expect(isoDateOf("29.02.2028")).toBe("2028-02-29");
    expect(isoDateOf("29.02.2027")).toBeNull();
  });
});

describe("a day or a time that is none, or before Tashkent kept +05:00", () => {
  it("is null, never a throw: month 13, day 00, 1985, 1900", () => {
    for (const text of [
      "20.13.2026",
      "2026-13-20",
      "00.01.2026",
      "2026-00-10",
      "32.01.2026",
      "01.06.1985",
      "1985-06-01",
      "01.01.1900",
      "31.12.1991",
    ])
      expect(isoDateOf(text), text).toBeNull();
    for (const text of ["01.06.1985 10:00", "1985-06-01T10:00", "01.01.1900 00:00", "01.06.1925 10:00", "20.13.2026 10:00"])
      expect(fromTashkentText(text), text).toBeNull();
    expect(isoDateOf("01.01.1992")).toBe("1992-01-01");
    expect(fromTashkentText("01.01.1992 00:00")).toBe("1991-12-31T19:00:00.000Z");
  });
});
