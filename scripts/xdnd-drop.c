/*
 * xdnd-drop drags files onto whatever window lies under a point of the X
 * display, as a person does from a file manager: a small GTK window offers the
 * files as a text/uri-list drag source, and synthetic pointer events (XTest)
 * press on it, move to the point and release there, so the target sees a real
 * XDND drop. The desktop self-test uses it to drop files onto Lexflow's window.
 *
 * Usage: xdnd-drop X Y FILE...   (exit 0 when the target accepted the drop)
 * Build: cc xdnd-drop.c $(pkg-config --cflags --libs gtk+-3.0 x11 xtst) -o xdnd-drop
 */
#include <gdk/gdkx.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <X11/extensions/XTest.h>

enum { SOURCE_X = 1320, SOURCE_Y = 860, MOVES = 30, LINGER = 10, MAX_LINGER = 150 };

static gchar **uris;
static GdkDragContext *drag; /* the drag under way, once it has begun */
static int target_x, target_y, tick_no, status = 2;
static Display *dpy;

static void on_drag_data_get(GtkWidget *w, GdkDragContext *ctx, GtkSelectionData *data, guint info, guint time, gpointer user)
{
    gtk_selection_data_set_uris(data, uris);
}

static void on_drag_begin(GtkWidget *w, GdkDragContext *ctx, gpointer user)
{
    drag = ctx;
}

/* Whether the window under the pointer has said it would take the drop. */
static gboolean accepted(void)
{
    return drag && gdk_drag_context_get_selected_action(drag) != 0;
}

static gboolean quit_soon(gpointer user)
{
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

static void on_drag_end(GtkWidget *w, GdkDragContext *ctx, gpointer user)
{
    if (status == 2)
        status = 0;
    g_timeout_add(300, quit_soon, NULL);
}

static gboolean on_drag_failed(GtkWidget *w, GdkDragContext *ctx, GtkDragResult result, gpointer user)
{
    fprintf(stderr, "xdnd-drop: the drop was refused (GtkDragResult %d)\n", result);
    status = 1;
    return FALSE;
}

/* One pointer step each tick: onto the source, press, travel, release. */
static gboolean tick(gpointer user)
{
    int n = tick_no++;
    if (n == 0) {
        XTestFakeMotionEvent(dpy, -1, SOURCE_X, SOURCE_Y, CurrentTime);
    } else if (n == 1) {
        XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
    } else if (n < 2 + MOVES) {
        double f = (double)(n - 1) / MOVES;
        XTestFakeMotionEvent(dpy, -1, SOURCE_X + (int)((target_x - SOURCE_X) * f), SOURCE_Y + (int)((target_y - SOURCE_Y) * f), CurrentTime);
    } else if (n < 2 + MOVES + LINGER || (!accepted() && n < 2 + MOVES + MAX_LINGER)) {
        /* Linger over the target until it has said it takes the files (a
         * loaded machine answers late), so that the release drops them. */
        XTestFakeMotionEvent(dpy, -1, target_x + (n % 2), target_y, CurrentTime);
    } else {
        XTestFakeButtonEvent(dpy, 1, False, CurrentTime);
        XFlush(dpy);
        return G_SOURCE_REMOVE;
    }
    XFlush(dpy);
    return G_SOURCE_CONTINUE;
}

static gboolean give_up(gpointer user)
{
    fprintf(stderr, "xdnd-drop: the drag did not finish\n");
    status = 1;
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

static gboolean start(gpointer user)
{
    g_timeout_add(40, tick, NULL);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv)
{
    gtk_init(&argc, &argv);
    if (argc < 4) {
        fprintf(stderr, "usage: xdnd-drop X Y FILE...\n");
        return 2;
    }
    target_x = atoi(argv[1]);
    target_y = atoi(argv[2]);
    uris = g_new0(gchar *, argc - 2);
    for (int i = 3; i < argc; i++) {
        GError *err = NULL;
        gchar *abs = g_canonicalize_filename(argv[i], NULL);
        uris[i - 3] = g_filename_to_uri(abs, NULL, &err);
        g_free(abs);
        if (!uris[i - 3]) {
            fprintf(stderr, "xdnd-drop: %s: %s\n", argv[i], err->message);
            return 2;
        }
    }

    GtkWidget *win = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_decorated(GTK_WINDOW(win), FALSE);
    gtk_window_set_default_size(GTK_WINDOW(win), 40, 40);
    gtk_window_move(GTK_WINDOW(win), SOURCE_X - 20, SOURCE_Y - 20);
    gtk_window_set_keep_above(GTK_WINDOW(win), TRUE);
    GtkWidget *box = gtk_event_box_new();
    gtk_container_add(GTK_CONTAINER(box), gtk_label_new("files"));
    gtk_container_add(GTK_CONTAINER(win), box);
    GtkTargetEntry target = {"text/uri-list", 0, 0};
    gtk_drag_source_set(box, GDK_BUTTON1_MASK, &target, 1, GDK_ACTION_COPY);
    g_signal_connect(box, "drag-begin", G_CALLBACK(on_drag_begin), NULL);
    g_signal_connect(box, "drag-data-get", G_CALLBACK(on_drag_data_get), NULL);
    g_signal_connect(box, "drag-end", G_CALLBACK(on_drag_end), NULL);
    g_signal_connect(box, "drag-failed", G_CALLBACK(on_drag_failed), NULL);
    gtk_widget_show_all(win);

    dpy = GDK_DISPLAY_XDISPLAY(gdk_display_get_default());
    g_timeout_add(800, start, NULL); /* let the window map first */
    g_timeout_add(30000, give_up, NULL);
    gtk_main();
    if (status == 0)
        printf("xdnd-drop: dropped %d file(s) at %d,%d\n", argc - 3, target_x, target_y);
    return status;
}
