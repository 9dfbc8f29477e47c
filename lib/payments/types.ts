// What the paid registration page and the chat-bot show: the login, and the password unless reset.
import "server-only";

export type Credentials = {
  username: string;
  password: string | null;
  /** The organiser reset the password: only the pupil (and the organiser, once) know the new one. */
  passwordReset: boolean;
};
