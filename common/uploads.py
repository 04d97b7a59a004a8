"""Where uploaded files go while a request is read: memory only, and never more than
``FILE_UPLOAD_MAX_MEMORY_SIZE`` bytes of each.

Django writes a file larger than that to a temporary file on disk, as large as the client sends,
and it reads every form body, so every upload, before any view runs (the CSRF check reads the
form; an anonymous client with a CSRF cookie can send gigabytes to any address). This handler
keeps the first bytes in memory, reads the rest without keeping it, and gives the file its whole
size: a form must refuse a file by its ``size`` before reading it (``ImportUploadForm`` refuses a
player file over 2 MB), since the content of a file past the limit is cut. The proxy's body limit
(README, "Deploying") stops such a client sooner; this one holds without a proxy too.
"""

import io

from django.conf import settings
from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler


class BoundedMemoryUploadHandler(FileUploadHandler):
    """Each file in memory, cut at ``FILE_UPLOAD_MAX_MEMORY_SIZE`` bytes, with its whole size."""

    def new_file(self, *args, **kwargs):
        super().new_file(*args, **kwargs)
        self.kept = io.BytesIO()

    def receive_data_chunk(self, raw_data, start):
        room = settings.FILE_UPLOAD_MAX_MEMORY_SIZE - self.kept.tell()
        if room > 0:
            self.kept.write(raw_data[:room])
        return None  # no other handler gets the chunk: nothing else keeps it

    def file_complete(self, file_size):
        self.kept.seek(0)
        return InMemoryUploadedFile(
            file=self.kept,
            field_name=self.field_name,
            name=self.file_name,
            content_type=self.content_type,
            size=file_size,  # as sent, past what was kept: the form refuses it by its size
            charset=self.charset,
            content_type_extra=self.content_type_extra,
        )
