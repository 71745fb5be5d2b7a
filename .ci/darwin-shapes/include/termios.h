// Darwin's shapes: <termios.h> (xnu bsd/sys/termios.h). Every field and index differs from
// Linux: the flags are unsigned long (unsigned int on Linux), c_cc has 20 entries (32 on
// Linux), VMIN and VTIME are 16 and 17 (6 and 5 on Linux).
#ifndef DARWIN_SHAPES_TERMIOS_H
#define DARWIN_SHAPES_TERMIOS_H

#define VMIN 16
#define VTIME 17
#define NCCS 20
#define TCSADRAIN 1
#define TCSAFLUSH 2

typedef unsigned long tcflag_t;
typedef unsigned char cc_t;
typedef unsigned long speed_t;

struct termios {
    tcflag_t c_iflag;
    tcflag_t c_oflag;
    tcflag_t c_cflag;
    tcflag_t c_lflag;
    cc_t c_cc[NCCS];
    speed_t c_ispeed;
    speed_t c_ospeed;
};

int tcgetattr(int, struct termios *);
int tcsetattr(int, int, const struct termios *);
void cfmakeraw(struct termios *);

#endif
