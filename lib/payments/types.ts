// What the paid registration page and the chat-bot show: the login, and the password unless reset.
export type Credentials = { username: string; password: string | null };
