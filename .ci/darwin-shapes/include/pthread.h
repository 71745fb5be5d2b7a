// Darwin's shapes: <pthread.h> (libpthread's pthread.h). Darwin can tell the main thread
// itself, which Glibc cannot.
#ifndef DARWIN_SHAPES_PTHREAD_H
#define DARWIN_SHAPES_PTHREAD_H

int pthread_main_np(void);

#endif
