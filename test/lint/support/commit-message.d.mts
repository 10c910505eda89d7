export declare const SUBJECT_MAX: number;
export declare function problemsOf(message: string): string[];
export declare function messagesIn(range: string, newest?: number): Array<{ commit: string; message: string }>;
export declare function checkMessageFile(file: string): void;
