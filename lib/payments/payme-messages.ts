// Payme shows an error's message to the payer in their own language: the protocol asks for all three.
import "server-only";
import { PAYME_PARSE_ERROR } from "@/lib/payments/provider-refusal.mjs";

export const paymeMessages = {
  invalidAmount: { uz: "Noto'g'ri summa", ru: "Неверная сумма", en: "Incorrect amount" },
  transactionNotFound: { uz: "Tranzaksiya topilmadi", ru: "Транзакция не найдена", en: "Transaction not found" },
  cannotCancel: {
    uz: "To'lov qaytarilmaydi: tranzaksiyani bekor qilib bo'lmaydi",
    ru: "Оплата невозвратна: отменить транзакцию нельзя",
    en: "The fee is non-refundable: the transaction cannot be cancelled",
  },
  cannotPerform: {
    uz: "Bu amalni bajarib bo'lmaydi",
    ru: "Невозможно выполнить данную операцию",
    en: "Unable to perform this operation",
  },
  accountNotFound: { uz: "Ro'yxatdan o'tish topilmadi", ru: "Регистрация не найдена", en: "Registration not found" },
  registrationClosed: {
    uz: "Ro'yxatdan o'tish muddatidan tashqari: to'lov qabul qilinmaydi",
    ru: "Вне срока регистрации: оплата не принимается",
    en: "Outside the registration period: the order cannot be paid",
  },
  alreadyPaid: { uz: "Ro'yxatdan o'tish allaqachon to'langan", ru: "Регистрация уже оплачена", en: "Registration already paid" },
  unauthorized: { uz: "Ruxsat yo'q", ru: "Недостаточно привилегий", en: "Insufficient privileges" },
  notPost: { uz: "Faqat POST so'rovi", ru: "Только POST-запрос", en: "POST requests only" },
  // The same words the front door answers a body too large with.
  parseError: PAYME_PARSE_ERROR.message,
  invalidRequest: { uz: "So'rov noto'g'ri", ru: "Неверный запрос", en: "Invalid request" },
  methodNotFound: { uz: "Usul topilmadi", ru: "Метод не найден", en: "Method not found" },
  internal: { uz: "Tizim xatosi", ru: "Системная ошибка", en: "System error" },
} as const;
