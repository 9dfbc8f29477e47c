// The public offer contract shown in the agreement modal, in Uzbek (Latin): a part of the messages
// of its own, sent only with the registration page.
import "server-only";

export type OfferSection = { heading: string; paragraphs: readonly string[] };

export const uzOffer: readonly OfferSection[] = [
  {
    heading: "1. Umumiy qoidalar",
    paragraphs: [
      "Ushbu ommaviy oferta (keyingi o'rinlarda — Oferta) yozgi ilmiy lager olimpiadasi tashkilotchisi (keyingi o'rinlarda — Tashkilotchi) tomonidan 5–9-sinf o'quvchilarining ota-onalari yoki qonuniy vakillariga (keyingi o'rinlarda — Foydalanuvchi) qaratilgan rasmiy taklifdir.",
      "Foydalanuvchi ro'yxatdan o'tish shaklini to'ldirib, Oferta shartlariga roziligini bildirgan va ro'yxatdan o'tish badalini to'lagan paytdan boshlab Oferta qabul qilingan hisoblanadi va shartnoma tuzilgan deb topiladi.",
    ],
  },
  {
    heading: "2. Shartnoma predmeti",
    paragraphs: [
      "Tashkilotchi o'quvchini olimpiadaning birinchi (onlayn) bosqichida ishtirok etish uchun ro'yxatga oladi, unga platformaga kirish uchun login va parol beradi, tanlangan fan bo'yicha test topshirish imkoniyatini yaratadi hamda natijalarni e'lon qiladi.",
      "Olimpiada Matematika, Biologiya, Kimyo va Fizika fanlari bo'yicha 5–9-sinf o'quvchilari o'rtasida o'tkaziladi. Har bir o'quvchi bitta fan bo'yicha ishtirok etadi.",
    ],
  },
  {
    heading: "3. Ro'yxatdan o'tish muddati va badal",
    paragraphs: [
      "Ro'yxatdan o'tish {opens} dan {closes} gacha davom etadi.",
      "Ro'yxatdan o'tish badali — {fee} so'm (bazaviy hisoblash miqdorining 20 foizi). Badal bir martalik bo'lib, Click, Payme yoki bank kartasi orqali to'lanadi.",
      "To'langan badal hech qanday holatda, jumladan o'quvchi olimpiadada ishtirok etmagan taqdirda ham, qaytarilmaydi.",
    ],
  },
  {
    heading: "4. Olimpiada tartibi",
    paragraphs: [
      "Birinchi bosqich onlayn test shaklida o'tkaziladi. Test belgilangan vaqt oralig'ida, tashkilotchi e'lon qilgan pin kod bilan boshlanadi va cheklangan vaqt davomida bajariladi.",
      "Har bir tuman bo'yicha har bir sinf va fandan eng yuqori natija ko'rsatgan 5 nafar o'quvchi ikkinchi bosqichga — yozgi ilmiy lagerga yo'llanma oladi. Lager 8 kun davom etadi.",
      "Test natijalari platformada e'lon qilinadi. Testni yakunlagan o'quvchi ishtirok sertifikatini yuklab olishi mumkin.",
    ],
  },
  {
    heading: "5. Tomonlarning majburiyatlari",
    paragraphs: [
      "Foydalanuvchi o'quvchi haqidagi ma'lumotlarni to'g'ri kiritishi, login va parolni boshqa shaxslarga bermasligi hamda testni o'quvchi mustaqil bajarishini ta'minlashi shart.",
      "Tashkilotchi platformaning ishlashini, test natijalarining xolis hisoblanishini va shaxsiy ma'lumotlarning himoyasini ta'minlaydi.",
      "Olimpiada qoidalari buzilgan taqdirda Tashkilotchi o'quvchining natijasini bekor qilish huquqiga ega.",
    ],
  },
  {
    heading: "6. Shaxsiy ma'lumotlar",
    paragraphs: [
      "Foydalanuvchi o'quvchining familiyasi, ismi, otasining ismi, tug'ilgan sanasi, maktabi va telefon raqamini olimpiadani o'tkazish, natijalarni e'lon qilish va sertifikat berish maqsadida qayta ishlashga rozilik beradi.",
      "Sertifikatni tekshirish sahifasida faqat o'quvchining familiyasi, ismi va otasining ismi ko'rsatiladi.",
    ],
  },
  {
    heading: "7. Yakuniy qoidalar",
    paragraphs: [
      "Oferta bo'yicha nizolar muzokaralar yo'li bilan, kelishuvga erishilmasa, O'zbekiston Respublikasi qonunchiligiga muvofiq hal etiladi.",
      "Savollar bo'yicha Tashkilotchining rasmiy chat-boti orqali murojaat qilishingiz mumkin.",
    ],
  },
];
