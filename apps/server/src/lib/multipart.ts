import type { ErrorCode } from '@mawadda/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

export type UploadedFile = { fieldName: string; filename: string; mimetype: string; data: Buffer };
export type MultipartForm = {
  fields: Record<string, string | string[]>;
  files: Record<string, UploadedFile[]>;
};

type FileRule = {
  maxFiles: number;
  maxBytes: number;
  /** The refusal of a file above `maxBytes` (a photo's by default), with `maxMb`. */
  tooLarge?: ErrorCode;
};

/**
 * Reads a whole multipart form into memory within strict limits. Repeated fields become lists
 * (`profilePicture`, `imagesToRemove`); a file in an unexpected field is refused, not ignored.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileRules: Record<string, FileRule>,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'FORM_NOT_MULTIPART');
  }
  const maxBytes = Math.max(...Object.values(fileRules).map((r) => r.maxBytes), 0);
  const maxFiles = Object.values(fileRules).reduce((sum, r) => sum + r.maxFiles, 0);
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: maxFiles, fields: 50, fieldSize: 64 * 1024, parts: 100 },
    })) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const previous = form.fields[part.fieldname];
        form.fields[part.fieldname] =
          previous === undefined
            ? value
            : [...(Array.isArray(previous) ? previous : [previous]), value];
        continue;
      }
      const rule = fileRules[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw new HttpError(400, 'FORM_UNEXPECTED_FILE', { params: { field: part.fieldname } });
      }
      const list = form.files[part.fieldname] ?? [];
      if (list.length >= rule.maxFiles) {
        part.file.resume();
        throw new HttpError(400, 'FORM_TOO_MANY_FILES', { params: { max: rule.maxFiles } });
      }
      const data = await part.toBuffer();
      if (data.length > rule.maxBytes) throw fileTooLarge(rule);
      list.push({
        fieldName: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        data,
      });
      form.files[part.fieldname] = list;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const rule = Object.values(fileRules)[0];
      throw rule ? fileTooLarge(rule) : error;
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'FORM_TOO_MANY_PARTS');
    }
    // Anything else here is the client's bytes (a truncated body, a broken boundary).
    throw new HttpError(400, 'FORM_UNREADABLE', {
      cause: error,
    });
  }
  return form;
}

function fileTooLarge(rule: FileRule): HttpError {
  return new HttpError(413, rule.tooLarge ?? 'PHOTO_TOO_LARGE', {
    params: { maxMb: Math.round(rule.maxBytes / 1024 / 1024) },
  });
}
